import type { AuthStatus } from '@abp/contracts';
import { HttpResponse, http } from 'msw';

export const TEST_PASSWORD = 'correct horse battery';
export const LOGIN_TIME = '2026-11-22T09:30:00.000Z';

interface FakeAuthOptions {
  authenticated?: boolean;
  /** Failures allowed before the answer becomes 429, like the real server (5 → locked). */
  maxFailures?: number;
  retryAfter?: number;
}

/**
 * A stand-in for the server's auth routes with the same rules and error shapes: wrong
 * passwords answer 401, the 5th failure answers 429 with retryAfter, logout ends the session.
 */
export function createFakeAuthApi(options: FakeAuthOptions = {}) {
  const maxFailures = options.maxFailures ?? 5;
  const state = { authenticated: options.authenticated ?? false, failures: 0, requests: [] as Request[] };

  const status = (): AuthStatus =>
    state.authenticated
      ? { authenticated: true, loginTime: LOGIN_TIME, lastActivity: LOGIN_TIME }
      : { authenticated: false, loginTime: null, lastActivity: null };

  const handlers = [
    http.get('/api/auth/status', () => HttpResponse.json(status())),
    http.post('/api/auth/login', async ({ request }) => {
      state.requests.push(request.clone());
      const body = (await request.json()) as { password?: string };
      if (state.failures >= maxFailures) return locked();
      if (body.password !== TEST_PASSWORD) {
        state.failures += 1;
        if (state.failures >= maxFailures) return locked();
        return HttpResponse.json({ error: 'Invalid password', code: 'invalid_password' }, { status: 401 });
      }
      state.failures = 0;
      state.authenticated = true;
      return HttpResponse.json({ success: true, loginTime: LOGIN_TIME });
    }),
    http.post('/api/auth/logout', () => {
      state.authenticated = false;
      return HttpResponse.json({ success: true });
    }),
  ];

  function locked() {
    return HttpResponse.json(
      {
        error: 'Too many login attempts',
        code: 'rate_limited',
        ...(options.retryAfter === undefined ? {} : { retryAfter: options.retryAfter }),
      },
      { status: 429 },
    );
  }

  return { state, handlers };
}

/**
 * For tests of the shell itself: every screen's own data calls answer 503, so the screens show
 * their error states and the test can look at the shell. Add it after the handlers the test needs.
 */
export const screenDataUnavailable = http.get('/api/*', () =>
  HttpResponse.json({ error: 'Not part of this test', code: 'unavailable' }, { status: 503 }),
);
