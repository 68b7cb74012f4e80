import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { rawQuery } from '../../src/db/client.js';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { loggerOptions } from '../../src/logging.js';
import { createTestApp, sessionCookie, TEST_PASSWORD, type TestApp } from '../test-app.js';
import { fakeWordPressFor, SITE_PASSWORD, siteBody } from './sites-helpers.js';

const NEW_PASSWORD = 'zzzz yyyy xxxx wwww vvvv uuuu';

/** Every way the password could be spelled in a leak: as typed, without spaces, base64 of Basic auth. */
function leakForms(password: string, username = 'editor'): string[] {
  return [password, password.replace(/\s+/g, ''), Buffer.from(`${username}:${password}`).toString('base64')];
}

describe('the application password is write-only and sealed at rest', () => {
  let t: TestApp;
  let logged = '';
  let request: TestApp['request'];
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    // A second app on the same services with a real logger at trace level, capturing every line.
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged += chunk.toString();
        done();
      },
    });
    const app = await buildApp(t.ctx, t.services, {
      ...(loggerOptions({ config: { ...t.ctx.config, logLevel: 'trace' } }) as object),
      stream: sink,
    });
    request = ({ cookie: c, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { 'x-requested-with': 'XMLHttpRequest', ...(c ? { cookie: c } : {}), ...headers },
      });
    const login = await request({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_PASSWORD } });
    cookie = sessionCookie(login);
  });
  afterAll(async () => t.close());

  it('is neither in the database row, nor the database files, nor any answer, nor any log line', async () => {
    const wp = fakeWordPressFor(t);
    const answers: string[] = [];
    const call = async (options: Parameters<TestApp['request']>[0]) => {
      const res = await request({ ...options, cookie });
      answers.push(res.body);
      return res;
    };

    const created = await call({ method: 'POST', url: '/api/sites', payload: siteBody() });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    await call({ method: 'GET', url: '/api/sites' });
    await call({ method: 'GET', url: `/api/sites/${id}` });
    await call({ method: 'PUT', url: `/api/sites/${id}`, payload: siteBody({ password: '' }) });
    await call({ method: 'POST', url: `/api/sites/${id}/test-connection` });
    await call({ method: 'POST', url: `/api/sites/${id}/test-connection?enhanced=true` });
    await call({ method: 'GET', url: `/api/sites/${id}/health` });
    // Failures too: a validation error on a body carrying the password, a duplicate, a WordPress 401.
    await call({ method: 'POST', url: '/api/sites', payload: siteBody({ name: '' }) });
    await call({ method: 'POST', url: '/api/sites', payload: siteBody() });
    wp.fakeAt('https://garden.example').failAlways(
      'getCurrentUser',
      new WordPressError('bad_credentials', {
        status: 401,
        wpCode: 'rest_not_logged_in',
        message: 'You are not currently logged in.',
      }),
    );
    const failed = await call({ method: 'POST', url: `/api/sites/${id}/test-connection?enhanced=true` });
    expect(failed.json().success).toBe(false);
    await call({ method: 'PUT', url: `/api/sites/${id}`, payload: siteBody({ password: NEW_PASSWORD }) });

    const rows = await rawQuery<Record<string, unknown>>(t.ctx.handle, 'SELECT * FROM sites');
    const rowText = JSON.stringify(rows);
    expect(rows[0]?.password_sealed).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    // The sealed value opens with the app's key, and only to the latest password.
    expect(t.ctx.secretBox.decrypt(String(rows[0]?.password_sealed))).toBe(NEW_PASSWORD);

    // The database files themselves (PGlite keeps them in memory here: dump them after a checkpoint).
    let files = '';
    if (t.ctx.handle.driver === 'pglite') {
      await t.ctx.handle.pglite.exec('CHECKPOINT');
      const dump = await t.ctx.handle.pglite.dumpDataDir('none');
      files = Buffer.from(await dump.arrayBuffer()).toString('latin1');
      expect(files).toContain('garden.example'); // the dump does hold the table's data
    }

    for (const secret of [...leakForms(SITE_PASSWORD), ...leakForms(NEW_PASSWORD)]) {
      expect(rowText).not.toContain(secret);
      expect(files).not.toContain(secret);
      for (const body of answers) expect(body).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
    expect(answers.join('\n')).not.toMatch(/password_sealed|passwordSealed/);
    expect(logged.length).toBeGreaterThan(0);
  });
});
