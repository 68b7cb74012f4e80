import { LOGIN_LOCKOUT_SECONDS, LOGIN_WARNING_AFTER_FAILURES } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { useLoginLockout } from '../hooks/use-login-lockout';
import { type AuthSchemas, loadAuthSchemas, loadedAuthSchemas } from '../lib/load-auth-schemas';
import {
  attemptsNote,
  LOGIN_TEXT,
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

/** The contract's message for a password the server would refuse, or undefined. */
function passwordError({ loginRequestSchema }: AuthSchemas, password: string): string | undefined {
  const result = loginRequestSchema.safeParse({ password });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** After this long without an answer, the form says why a sign-in takes a while. */
export const SLOW_LOGIN_NOTE_MS = 1000;

/** True once `active` has lasted `ms`; false again as soon as it ends. */
function useSlowAfter(active: boolean, ms: number): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setSlow(true), ms);
    return () => {
      window.clearTimeout(timer);
      setSlow(false);
    };
  }, [active, ms]);
  return slow;
}

/**
 * One field, so no form library: react-hook-form alone would add ~10 KB to the login screen
 * (issue #13). It behaves as react-hook-form's "onTouched" mode did: checked on leaving the
 * field, then on every change; on submit the first problem gets the focus.
 */
export function LoginForm() {
  const { enqueueSnackbar } = useSnackbar();
  const loginMutation = useLogin();
  const lockout = useLoginLockout();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const passwordRef = useRef<HTMLInputElement>(null);
  // A check waiting for the schema answers later: only the latest check may set the field's message.
  const lastCheck = useRef(0);
  const submitting = useRef(false);
  // From the press itself, not from when the request leaves (the rules may still be loading).
  const [pressed, setPressed] = useState(false);
  const busy = loginMutation.isPending || pressed;
  const slow = useSlowAfter(busy, SLOW_LOGIN_NOTE_MS);

  /**
   * Checks the password against the contract and shows the field's message. The schema loads with
   * the first keystroke, not with the login screen (issue #35): once it has, the check answers at
   * once; should it not load (a release replaced its chunk), the server's own check answers instead.
   */
  const check = (value: string): string | undefined | Promise<string | undefined> => {
    const id = ++lastCheck.current;
    const show = (schemas: AuthSchemas | null) => {
      const error = schemas ? passwordError(schemas, value) : undefined;
      if (id === lastCheck.current) setFieldError(error);
      return error;
    };
    const schemas = loadedAuthSchemas();
    return schemas ? show(schemas) : loadAuthSchemas().then(show, () => show(null));
  };

  const clearPassword = () => {
    setPassword('');
    passwordRef.current?.focus();
  };

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
      clearPassword();
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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second press while the first one's check runs sends nothing more.
    if (submitting.current) return;
    submitting.current = true;
    setPressed(true);
    try {
      await submit();
    } finally {
      submitting.current = false;
      setPressed(false);
    }
  };

  const submit = async () => {
    setTouched(true);
    const checked = check(password);
    // Not awaited when the answer is at hand: the previous message then goes with the press itself.
    const error = checked instanceof Promise ? await checked : checked;
    if (error) {
      passwordRef.current?.focus();
      return;
    }
    if (lockout.isLocked) {
      setMessage({ text: stillLockedMessage(lockout.remainingSeconds), whileLocked: true });
      return;
    }
    setMessage(null);
    try {
      await loginMutation.mutateAsync({ password });
      enqueueSnackbar(LOGIN_TEXT.toastSuccess, { variant: 'success' });
    } catch (failure) {
      handleFailure(failure);
    }
  };

  const visibleMessage = message && (!message.whileLocked || lockout.isLocked) ? message : null;
  const showAttemptsNote = !lockout.isLocked && lockout.failures >= LOGIN_WARNING_AFTER_FAILURES;

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <PasswordField
        name="password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          if (touched) void check(event.target.value);
          else void loadAuthSchemas().catch(() => undefined);
        }}
        onBlur={() => {
          setTouched(true);
          void check(password);
        }}
        inputRef={passwordRef}
        label="Password"
        autoComplete="current-password"
        autoFocus
        fullWidth
        error={Boolean(fieldError)}
        helperText={fieldError}
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
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
      {slow && busy && (
        <Typography role="status" variant="body2" color="text.secondary">
          {LOGIN_TEXT.slowCheck}
        </Typography>
      )}
    </Stack>
  );
}
