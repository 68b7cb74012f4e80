import { z } from 'zod';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCKOUT_SECONDS = 900;
export const LOGIN_WARNING_AFTER_FAILURES = 3;
export const SESSION_IDLE_TIMEOUT_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

export const authStatusSchema = z.object({
  authenticated: z.boolean(),
  loginTime: z.string().nullable(),
  lastActivity: z.string().nullable(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

export const loginRequestSchema = z.object({
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ success: z.literal(true), loginTime: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const logoutResponseSchema = z.object({ success: z.literal(true) });

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
