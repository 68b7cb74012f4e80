import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, isApiError } from '../../../lib/api-client';
import { createFakeAuthApi, screenDataUnavailable } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { AUTH_RECHECK_INTERVAL_MS } from '../api/get-auth-status';

describe('session checks', () => {
  it('re-checks the session after a 401 and shows the login screen when it has expired', async () => {
    const fake = createFakeAuthApi({ authenticated: true });
    server.use(
      ...fake.handlers,
      http.get('/api/dashboard', () =>
        HttpResponse.json({ error: 'Authentication required', code: 'unauthenticated' }, { status: 401 }),
      ),
      screenDataUnavailable,
    );
    renderApp({ path: '/config' });
    await screen.findByRole('heading', { level: 1, name: 'Blog Configuration' });

    fake.state.authenticated = false; // the session expired on the server
    await act(async () => {
      const failure = await api.get('/api/dashboard').catch((error: unknown) => error);
      expect(isApiError(failure) && failure.status).toBe(401);
    });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('a session that ended while a screen loads says so on the sign-in screen, not "Failed to load sites" (issue #17 item 12)', async () => {
    const fake = createFakeAuthApi({ authenticated: true });
    const unauthenticated = () =>
      HttpResponse.json({ error: 'Authentication required', code: 'unauthenticated' }, { status: 401 });
    server.use(
      ...fake.handlers,
      http.get('/api/sites', unauthenticated),
      http.get('/api/sites/inventory', unauthenticated),
      screenDataUnavailable,
    );
    fake.state.authenticated = true;
    const { router } = renderApp({ path: '/' });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    fake.state.authenticated = false; // the server forgot the session (expired, or restarted with a new secret)
    await act(() => router.navigate('/sites'));
    expect(await screen.findByText('Your session has expired — please sign in again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load sites')).not.toBeInTheDocument();
  });

  it('a sign-out by hand shows the sign-in screen without the expiry notice', async () => {
    const fake = createFakeAuthApi({ authenticated: true });
    server.use(...fake.handlers, screenDataUnavailable);
    const { user } = renderApp({ path: '/config' });
    await screen.findByRole('heading', { level: 1, name: 'Blog Configuration' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Your session has expired — please sign in again')).not.toBeInTheDocument();
  });

  it('stays in the app when the re-check finds the session still valid', async () => {
    server.use(
      ...createFakeAuthApi({ authenticated: true }).handlers,
      http.get('/api/sites', () =>
        HttpResponse.json({ error: 'Authentication required', code: 'unauthenticated' }, { status: 401 }),
      ),
      // The Sites screen reads the sites' content summaries too.
      http.get('/api/sites/inventory', () => HttpResponse.json([])),
    );
    const statusCalls = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/auth/status') statusCalls();
    });
    renderApp({ path: '/sites' });
    await screen.findByRole('heading', { level: 1, name: 'WordPress Sites' });
    const before = statusCalls.mock.calls.length;

    await act(() => api.get('/api/sites').catch(() => undefined));

    await vi.waitFor(() => {
      expect(statusCalls.mock.calls.length).toBe(before + 1);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'WordPress Sites' })).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('re-checks the session every 5 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = createFakeAuthApi({ authenticated: true });
    // A screen that does not poll its own data: a data request still on its way when the fake
    // clock jumps minutes would time out, and the reconnection that follows re-checks the session
    // by itself (the banner's refetch), which is not the re-check this test is about.
    server.use(...fake.handlers, screenDataUnavailable);
    renderApp({ path: '/config', fakeTimers: true });
    await screen.findByRole('heading', { level: 1, name: 'Blog Configuration' });

    fake.state.authenticated = false;
    await act(() => vi.advanceTimersByTimeAsync(AUTH_RECHECK_INTERVAL_MS - 1000));
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Configuration' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
