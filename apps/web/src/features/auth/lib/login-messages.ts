import { LOGIN_MAX_FAILURES } from '@abp/contracts';

/** Every text the login form can show, in one place (spec §2 Login screen, §5, §8). */
export const LOGIN_TEXT = {
  invalidPassword: 'Invalid password. Please try again.',
  loginFailed: 'Login failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  toastSuccess: 'Login successful!',
  toastRateLimited: 'Too many login attempts. Please try again later.',
  toastNetwork: 'Network error. Please check your connection.',
  /** Issue #17 item 12: a session that ended while the app was open, instead of the screen's load failure. */
  sessionExpired: 'Your session has expired — please sign in again',
  /** Issue #37 point 8: a check that takes seconds says why (the password hash is deliberately costly). */
  slowCheck: 'Checking the password takes a few seconds: it is made slow on purpose, so that guessing it is slow too.',
  footer: 'Your session is secured with encrypted cookies and expires after 24 hours of inactivity.',
} as const;

/** m:ss from one minute up, plain seconds below (spec: "m:ss or Ns"). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export function lockoutWarning(remainingSeconds: number): string {
  return `Too many login attempts. Please wait ${formatCountdown(remainingSeconds)} before trying again.`;
}

export function attemptsNote(failures: number): string {
  return `${failures} failed attempts. After ${LOGIN_MAX_FAILURES} attempts, you'll be temporarily locked out.`;
}

/** Shown when a submit is refused while the lock is still running. */
export function stillLockedMessage(remainingSeconds: number): string {
  return `Too many attempts. Please wait ${plural(remainingSeconds, 'second')}.`;
}

/** Shown when the server answers 429; short locks are stated in seconds, longer ones in minutes. */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) return stillLockedMessage(retryAfterSeconds);
  return `Too many attempts. Please wait ${plural(Math.ceil(retryAfterSeconds / 60), 'minute')}.`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
