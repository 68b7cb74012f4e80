import { authStatusSchema } from '@abp/contracts';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/msw-server';
import { ApiError, api, apiRequest } from './api-client';
import { onUnauthorized } from './auth-events';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  let unsubscribe: (() => void) | undefined;
  afterEach(() => unsubscribe?.());

  it('calls the same origin with the session cookie, X-Requested-With and JSON', async () => {
    let seen: Request | undefined;
    server.use(
      http.post('/api/things', ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ id: 7 });
      }),
    );

    const result = await api.post<{ id: number }>('/api/things', { name: 'x' });

    expect(result).toEqual({ id: 7 });
    expect(seen?.url).toBe(`${window.location.origin}/api/things`);
    expect(seen?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(seen?.headers.get('Content-Type')).toBe('application/json');
    expect(seen?.credentials).toBe('include');
    expect(await seen?.json()).toEqual({ name: 'x' });
  });

  it('sends no JSON content type without a body, but still X-Requested-With', async () => {
    let seen: Request | undefined;
    server.use(
      http.post('/api/auth/logout', ({ request }) => {
        seen = request;
        return HttpResponse.json({ success: true });
      }),
    );
    await api.post('/api/auth/logout');
    expect(seen?.headers.get('Content-Type')).toBeNull();
    expect(seen?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('adds query parameters and skips empty ones', async () => {
    let url = '';
    server.use(
      http.get('/api/sites/1/health', ({ request }) => {
        url = request.url;
        return HttpResponse.json({});
      }),
    );
    await api.get('/api/sites/1/health', { query: { enhanced: true, page: 2, skip: undefined } });
    expect(new URL(url).search).toBe('?enhanced=true&page=2');
  });

  it('maps an error body to ApiError with status, code, server text and retryAfter', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ error: 'Too many login attempts', code: 'rate_limited', retryAfter: 840 }, { status: 429 }),
      ),
    );
    const error = await failureOf(api.post('/api/auth/login', { password: 'x' }));
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toBe('Too many login attempts');
    expect(error.retryAfter).toBe(840);
    expect(error.isNetworkError).toBe(false);
  });

  it('keeps validation details', async () => {
    const details = [{ field: 'password', message: 'Required' }];
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ error: 'Invalid request', code: 'validation', details }, { status: 400 }),
      ),
    );
    const error = await failureOf(api.post('/api/auth/login', {}));
    expect(error).toMatchObject({ status: 400, code: 'validation', details });
  });

  it('describes a failure whose body is not the error shape', async () => {
    server.use(http.get('/api/broken', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await failureOf(api.get('/api/broken'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('http_502');
    expect(error.message).toMatch(/status 502/);
  });

  it('turns a network failure into status 0, code network', async () => {
    server.use(http.get('/api/auth/status', () => HttpResponse.error()));
    const error = await failureOf(api.get('/api/auth/status'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network');
    expect(error.isNetworkError).toBe(true);
  });

  it('gives up after the timeout with code timeout', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay(500);
        return HttpResponse.json({});
      }),
    );
    const error = await failureOf(apiRequest('/api/slow', { timeoutMs: 20 }));
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('validates a response with the given contract schema', async () => {
    server.use(http.get('/api/auth/status', () => HttpResponse.json({ authenticated: 'yes' })));
    await expect(api.get('/api/auth/status', { schema: authStatusSchema })).rejects.toThrow();
  });

  it('logs each request and each failure to the console', async () => {
    server.use(
      http.get('/api/missing', () => HttpResponse.json({ error: 'Not found', code: 'not_found' }, { status: 404 })),
    );
    await failureOf(api.get('/api/missing'));
    expect(console.debug).toHaveBeenCalledWith('[api] GET /api/missing');
    expect(console.error).toHaveBeenCalledWith('[api] GET /api/missing failed: 404 not_found - Not found');
  });

  it('announces a 401 from an ordinary call so the session is re-checked', async () => {
    const listener = vi.fn();
    unsubscribe = onUnauthorized(listener);
    server.use(
      http.get('/api/dashboard', () =>
        HttpResponse.json({ error: 'Authentication required', code: 'unauthenticated' }, { status: 401 }),
      ),
    );
    const error = await failureOf(api.get('/api/dashboard'));
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', message: 'Authentication required' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith('Authentication required - redirecting to login');
  });

  it('does not treat a wrong password (401 from login) as an expired session', async () => {
    const listener = vi.fn();
    unsubscribe = onUnauthorized(listener);
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ error: 'Invalid password', code: 'invalid_password' }, { status: 401 }),
      ),
    );
    await failureOf(api.post('/api/auth/login', { password: 'nope' }));
    expect(listener).not.toHaveBeenCalled();
  });
});
