import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  LOGIN_LOCKOUT_SECONDS,
  LOGIN_WARNING_AFTER_FAILURES,
  loginRequestSchema,
  type LoginRequest,
} from '@abp/contracts';
import { isApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { useLoginLockout } from '../hooks/use-login-lockout';
import {
  LOGIN_TEXT,
  attemptsNote,
  lockoutWarning,
  rateLimitedMessage,
  stillLockedMessage,
} from '../lib/login-messages';
import { PasswordField } from './password-field';

/** A lock message only makes sense while the lock runs; other messages stay until the next try. */
interface FormMessage {
  text: string;
  whileLocked?: boolean;
}

export function LoginForm() {
  const { enqueueSnackbar } = useSnackbar();
  const loginMutation = useLogin();
  const lockout = useLoginLockout();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const { register, handleSubmit, setValue, setFocus, control, formState } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const { ref: passwordRef, ...passwordField } = register('password');
  const busy = loginMutation.isPending;

  const handleFailure = (error: unknown) => {
    if (!isApiError(error)) {
      setMessage({ text: LOGIN_TEXT.unexpected });
      return;
    }
    if (error.isNetworkError) {
      enqueueSnackbar(LOGIN_TEXT.toastNetwork, { variant: 'error' });
      setMessage({ text: LOGIN_TEXT.loginFailed });
      return;
    }
    if (error.status === 401) {
      lockout.recordFailure();
      setValue('password', '');
      setFocus('password');
      setMessage({ text: LOGIN_TEXT.invalidPassword });
      return;
    }
    if (error.status === 429) {
      const seconds = error.retryAfter ?? LOGIN_LOCKOUT_SECONDS;
      lockout.recordFailure();
      lockout.lockFor(seconds);
      enqueueSnackbar(LOGIN_TEXT.toastRateLimited, { variant: 'warning' });
      setMessage({ text: rateLimitedMessage(seconds), whileLocked: true });
      return;
    }
    // A 400 carries a reason worth showing; a 5xx text is generic by design.
    setMessage({ text: error.status < 500 && error.message ? error.message : LOGIN_TEXT.loginFailed });
  };

  const onSubmit = handleSubmit(async (values) => {
    if (lockout.isLocked) {
      setMessage({ text: stillLockedMessage(lockout.remainingSeconds), whileLocked: true });
      return;
    }
    setMessage(null);
    try {
      await loginMutation.mutateAsync(values);
      enqueueSnackbar(LOGIN_TEXT.toastSuccess, { variant: 'success' });
    } catch (error) {
      handleFailure(error);
    }
  });

  const visibleMessage = message && (!message.whileLocked || lockout.isLocked) ? message : null;
  const showAttemptsNote = !lockout.isLocked && lockout.failures >= LOGIN_WARNING_AFTER_FAILURES;

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <PasswordField
        {...passwordField}
        inputRef={passwordRef}
        label="Password"
        autoComplete="current-password"
        autoFocus
        fullWidth
        error={Boolean(formState.errors.password)}
        helperText={formState.errors.password?.message}
      />
      {visibleMessage && <Alert severity="error">{visibleMessage.text}</Alert>}
      {lockout.isLocked && <Alert severity="warning">{lockoutWarning(lockout.remainingSeconds)}</Alert>}
      {showAttemptsNote && <Alert severity="info">{attemptsNote(lockout.failures)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!password || busy || lockout.isLocked}
      >
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
    </Stack>
  );
}
