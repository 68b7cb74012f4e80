import { HttpResponse, http, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { getAuthStatus, SIGNED_OUT } from './get-auth-status';

const answering = (body: JsonBodyType) => server.use(http.get('/api/auth/status', () => HttpResponse.json(body)));

describe('getAuthStatus', () => {
  it('reads a signed-in answer, checked against the contract', async () => {
    const status = { authenticated: true, loginTime: '2026-11-22T09:30:00.000Z', lastActivity: null };
    answering(status);
    expect(await getAuthStatus()).toEqual(status);
  });

  it('refuses a signed-in answer that breaks the contract', async () => {
    answering({ authenticated: true, loginTime: 42 });
    await expect(getAuthStatus()).rejects.toThrow(/loginTime/);
  });

  it.each<[JsonBodyType]>([
    [{ authenticated: false, loginTime: null, lastActivity: null }],
    [{ authenticated: 'yes' }],
    [['authenticated', true]],
    [null],
  ])('takes anything but a signed-in answer as signed out: %j', async (body) => {
    answering(body);
    expect(await getAuthStatus()).toEqual(SIGNED_OUT);
  });
});
