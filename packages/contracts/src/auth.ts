import { z } from 'zod';
import { isBlankPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TEXT } from './auth-rules.js';

export * from './auth-rules.js';

export const authStatusSchema = z.object({
  authenticated: z.boolean(),
  loginTime: z.string().nullable(),
  lastActivity: z.string().nullable(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

export const loginRequestSchema = z.object({
  password: z
    .string()
    .min(1, PASSWORD_TEXT.required)
    .max(PASSWORD_MAX_LENGTH)
    .refine((value) => value === '' || !isBlankPassword(value), PASSWORD_TEXT.enterPassword),
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
    .max(PASSWORD_MAX_LENGTH)
    .refine((value) => !isBlankPassword(value), PASSWORD_TEXT.blankNew),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The form asks for the new password twice; only the request's two fields are sent. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match',
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const changePasswordResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
