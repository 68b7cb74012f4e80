// The login and password rules as plain values, without zod: the login screen reads them and
// loads no schema library (issue #35). The schemas that apply them are in auth.ts.

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCKOUT_SECONDS = 900;
export const LOGIN_WARNING_AFTER_FAILURES = 3;
export const SESSION_IDLE_TIMEOUT_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * A password made only of spaces is always a slip (a pasted blank, a held space bar), so no rule
 * accepts one as a new password; the login form then tells such an entry apart from an empty field.
 */
export const PASSWORD_TEXT = {
  required: 'Password is required',
  enterPassword: 'Please enter your password',
  blankNew: 'New password must contain a character other than spaces',
} as const;
export const isBlankPassword = (value: string): boolean => value.trim().length < 1;
