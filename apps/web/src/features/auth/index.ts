// The auth feature's public surface; the app shell uses only these.

export { useAuthStatus } from './api/get-auth-status';
export { useLogout } from './api/logout';
export { AuthGate } from './components/auth-gate';
export { ChangePasswordDialog } from './components/lazy-change-password-dialog';
