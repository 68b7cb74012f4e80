import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';

describe('job queue round trip (web → pg-boss → worker → database)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => t.close());

  it('a queued probe is completed by the worker', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/diagnostics/queue-probes',
      payload: { message: 'ping' },
      cookie,
    });
    expect(created.statusCode).toBe(202);
    const { id, status } = created.json();
    expect(status).toBe('queued');
    const done = await waitFor(async () => {
      const res = await t.request({ method: 'GET', url: `/api/diagnostics/queue-probes/${id}`, cookie });
      const body = res.json();
      return body.status === 'completed' ? body : null;
    });
    expect(done).toMatchObject({ result: 'echo: ping', workerPid: process.pid });
    expect(Date.parse(done.completedAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
  });

  it('an unknown probe is a 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/diagnostics/queue-probes/does-not-exist', cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Queue probe not found', code: 'not_found' });
  });
});
