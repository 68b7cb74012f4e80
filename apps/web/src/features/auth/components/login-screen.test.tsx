import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createFakeAuthApi, TEST_PASSWORD } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { LOGIN_TEXT } from '../lib/login-messages';

const signInButton = () => screen.getByRole('button', { name: /^Sign(ing)? In/ });
const passwordInput = () => screen.getByLabelText('Password', { selector: 'input' });

async function showLogin(options: Parameters<typeof createFakeAuthApi>[0] = {}, fakeTimers = false) {
  const fake = createFakeAuthApi(options);
  server.use(...fake.handlers);
  const app = renderApp({ fakeTimers });
  await screen.findByRole('button', { name: 'Sign In' });
  return { ...app, fake };
}

describe('login screen', () => {
  it('shows "Checking authentication..." until the status arrives', async () => {
    server.use(...createFakeAuthApi().handlers);
    renderApp();
    expect(screen.getByText('Checking authentication...')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Checking authentication...')).not.toBeInTheDocument();
  });

  it('keeps Sign In disabled while the field is empty and tells about the session', async () => {
    const { user } = await showLogin();
    expect(signInButton()).toBeDisabled();
    await user.type(passwordInput(), 'x');
    expect(signInButton()).toBeEnabled();
    await user.clear(passwordInput());
    expect(signInButton()).toBeDisabled();
    expect(
      screen.getByText(/secured with encrypted cookies and expires after 24 hours of inactivity/),
    ).toBeInTheDocument();
  });

  it('says "Password is required" when the field is left empty', async () => {
    const { user } = await showLogin();
    await user.type(passwordInput(), 'x');
    await user.clear(passwordInput());
    await user.tab();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('says "Please enter your password" for spaces only, without asking the server', async () => {
    const { user, fake } = await showLogin();
    await user.type(passwordInput(), '   ');
    await user.click(signInButton());
    expect(await screen.findByText('Please enter your password')).toBeInTheDocument();
    expect(fake.state.requests).toHaveLength(0);
  });

  it('shows or hides the password with the toggle', async () => {
    const { user } = await showLogin();
    expect(passwordInput()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('reports a wrong password and clears the field', async () => {
    const { user, fake } = await showLogin();
    await user.type(passwordInput(), 'wrong one');
    await user.click(signInButton());

    expect(await screen.findByText('Invalid password. Please try again.')).toBeInTheDocument();
    expect(passwordInput()).toHaveValue('');
    expect(signInButton()).toBeDisabled();
    expect(await fake.state.requests[0]?.json()).toEqual({ password: 'wrong one' });
    expect(fake.state.requests[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('reads "Signing In..." and is disabled while the call runs', async () => {
    const { user } = await showLogin();
    let release: () => void = () => undefined;
    server.use(
      http.post('/api/auth/login', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ error: 'Invalid password', code: 'invalid_password' }, { status: 401 });
      }),
    );
    await user.type(passwordInput(), 'pw');
    await user.click(signInButton());
    const busy = await screen.findByRole('button', { name: 'Signing In...' });
    expect(busy).toBeDisabled();
    act(() => {
      release();
    });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  // Issue #37 point 8: a wrong password took 3.5 s to be refused without a word.
  it('shows progress at once and, when the check takes a while, says it is slow on purpose', async () => {
    const { user } = await showLogin();
    let release: () => void = () => undefined;
    server.use(
      http.post('/api/auth/login', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ error: 'Invalid password', code: 'invalid_password' }, { status: 401 });
      }),
    );
    await user.type(passwordInput(), 'wrong password');
    await user.click(signInButton());
    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(screen.queryByText(LOGIN_TEXT.slowCheck)).not.toBeInTheDocument();
    expect(await screen.findByRole('status', {}, { timeout: 3000 })).toHaveTextContent(LOGIN_TEXT.slowCheck);
    act(() => {
      release();
    });
    expect(await screen.findByText(LOGIN_TEXT.invalidPassword)).toBeInTheDocument();
    expect(screen.queryByText(LOGIN_TEXT.slowCheck)).not.toBeInTheDocument();
  });

  it('warns about the lockout after 3 failed attempts', async () => {
    const { user } = await showLogin();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(screen.queryByText(/failed attempts/)).not.toBeInTheDocument();
      await user.type(passwordInput(), `wrong ${attempt}`);
      await user.click(signInButton());
      await waitFor(() => {
        expect(passwordInput()).toHaveValue('');
      });
    }
    expect(
      await screen.findByText("3 failed attempts. After 5 attempts, you'll be temporarily locked out."),
    ).toBeInTheDocument();
    await user.type(passwordInput(), 'wrong 4');
    await user.click(signInButton());
    expect(
      await screen.findByText("4 failed attempts. After 5 attempts, you'll be temporarily locked out."),
    ).toBeInTheDocument();
  });

  it('locks the form on the 5th failure and counts down in m:ss, then Ns, then unlocks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await showLogin({ maxFailures: 5, retryAfter: 65 }, true);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await user.type(passwordInput(), `wrong ${attempt}`);
      await user.click(signInButton());
      if (attempt < 5)
        await waitFor(() => {
          expect(passwordInput()).toHaveValue('');
        });
    }

    expect(
      await screen.findByText('Too many login attempts. Please wait 1:05 before trying again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please wait 2 minutes.')).toBeInTheDocument();
    expect(await screen.findByText('Too many login attempts. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText(/failed attempts\./)).not.toBeInTheDocument();
    expect(signInButton()).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.getByText('Too many login attempts. Please wait 59s before trying again.')).toBeInTheDocument();
    expect(signInButton()).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.queryByText(/Please wait/)).not.toBeInTheDocument();
    // The password typed before the lock is still there, so the button is usable again.
    expect(signInButton()).toBeEnabled();
  });

  it('locks for 900 seconds when the 429 names no retryAfter', async () => {
    const { user } = await showLogin({ maxFailures: 0 });
    await user.type(passwordInput(), TEST_PASSWORD);
    await user.click(signInButton());
    expect(
      await screen.findByText('Too many login attempts. Please wait 15:00 before trying again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please wait 15 minutes.')).toBeInTheDocument();
  });

  it('states a short lock in seconds', async () => {
    const { user } = await showLogin({ maxFailures: 0, retryAfter: 30 });
    await user.type(passwordInput(), TEST_PASSWORD);
    await user.click(signInButton());
    expect(await screen.findByText('Too many attempts. Please wait 30 seconds.')).toBeInTheDocument();
    expect(screen.getByText('Too many login attempts. Please wait 30s before trying again.')).toBeInTheDocument();
  });

  it('signs in: toast "Login successful!" and the shell replaces the login screen', async () => {
    const { user } = await showLogin();
    // The dashboard's own data is not what this test is about.
    server.use(
      http.get('/api/dashboard', () =>
        HttpResponse.json({ error: 'Not part of this test', code: 'unavailable' }, { status: 503 }),
      ),
    );
    await user.type(passwordInput(), TEST_PASSWORD);
    await user.click(signInButton());

    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('reports a network failure with a toast', async () => {
    const { user } = await showLogin();
    server.use(http.post('/api/auth/login', () => HttpResponse.error()));
    await user.type(passwordInput(), TEST_PASSWORD);
    await user.click(signInButton());
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    expect(screen.getByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('reports a server failure as "Login failed. Please try again."', async () => {
    const { user } = await showLogin();
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 }),
      ),
    );
    await user.type(passwordInput(), TEST_PASSWORD);
    await user.click(signInButton());
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('reports an unreadable success answer as an unexpected error', async () => {
    const { user } = await showLogin();
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ ok: 1 })));
    await user.type(passwordInput(), TEST_PASSWORD);
    await user.click(signInButton());
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });
});
