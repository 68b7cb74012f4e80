import type { ConnectionTestResult } from '@abp/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { closedPort } from '../wordpress/fake-server.js';
import { describeRealSite, listDirect } from '../wordpress/real-site.js';

function printTimes(label: string, result: ConnectionTestResult): void {
  const rows = Object.entries(result.tests).map(
    ([name, c]) => `  ${name.padEnd(20)} ${c.success ? 'PASS' : 'FAIL'} ${String(c.response_time).padStart(5)} ms`,
  );
  console.log(
    `[sites API enhanced test] ${label}: success=${result.success} success_rate=${result.success_rate}\n${rows.join('\n')}`,
  );
}

/** A fresh app (and database) per test, so each can add the same WordPress. */
function useApp(): { t: TestApp; cookie: string } {
  const state = {} as { t: TestApp; cookie: string };
  beforeEach(async () => {
    state.t = await createTestApp();
    state.cookie = await state.t.login();
  });
  afterEach(async () => state.t?.close());
  return state;
}

describeRealSite('normal', 'sites API against the real WordPress', (site) => {
  const app = useApp();

  const add = async (body: Record<string, unknown>) => {
    const res = await app.t.request({
      method: 'POST',
      url: '/api/sites',
      payload: { is_active: true, content_persona: '', ...body },
      cookie: app.cookie,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; url: string; rest_root: string | null; warning: string | null };
  };
  const test = async (id: number, enhanced: boolean) => {
    const url = `/api/sites/${id}/test-connection${enhanced ? '?enhanced=true' : ''}`;
    const res = await app.t.request({ method: 'POST', url, cookie: app.cookie });
    expect(res.statusCode).toBe(200);
    return { result: res.json() as ConnectionTestResult, body: res.body };
  };

  it('a site saved with a wrong application password is saved with a warning that WordPress refused it', async () => {
    const created = await add({
      name: 'Wrong password',
      url: site.url,
      username: site.user,
      password: 'aaaa bbbb cccc dddd eeee ffff',
    });
    expect(created.rest_root).toBe(`${site.url}/wp-json/`);
    expect(created.warning).toMatch(/^Saved, but WordPress refused the credentials: /);
    // Corrected on edit: the warning goes.
    const fixed = await app.t.request({
      method: 'PUT',
      url: `/api/sites/${created.id}`,
      payload: {
        name: 'Wrong password',
        url: site.url,
        username: site.user,
        password: site.password,
        is_active: true,
        content_persona: '',
      },
      cookie: app.cookie,
    });
    expect(fixed.json()).toMatchObject({ warning: null });
  });

  it('adds the site, passes the basic and enhanced tests with every check green, and leaves nothing behind', async () => {
    const created = await add({
      name: 'Real WordPress',
      url: `${site.url}/`,
      username: site.user,
      password: site.password,
    });
    expect(created).toMatchObject({ rest_root: `${site.url}/wp-json/`, warning: null });

    const basic = await test(created.id, false);
    expect(basic.result).toMatchObject({ success: true, success_rate: 1, mode: 'basic' });

    const enhanced = await test(created.id, true);
    printTimes(site.url, enhanced.result);
    expect(enhanced.result).toMatchObject({ success: true, success_rate: 1, recommendations: [] });
    expect(Object.keys(enhanced.result.tests)).toHaveLength(9);
    for (const [name, check] of Object.entries(enhanced.result.tests)) {
      expect({ name, success: check.success, error: check.error }).toEqual({ name, success: true, error: null });
    }
    const postId = enhanced.result.tests.draft_post?.details.post_id;
    const mediaId = enhanced.result.tests.media_upload?.details.media_id;
    const posts = (await listDirect(site, 'wp/v2/posts?status=any&per_page=100&_fields=id')) as Array<{ id: number }>;
    const media = (await listDirect(site, 'wp/v2/media?per_page=100&_fields=id')) as Array<{ id: number }>;
    expect(typeof postId).toBe('number');
    expect(posts.map((p) => p.id)).not.toContain(postId);
    expect(media.map((m) => m.id)).not.toContain(mediaId);
    expect(enhanced.body).not.toContain(site.password);

    const health = await app.t.request({ method: 'GET', url: `/api/sites/${created.id}/health`, cookie: app.cookie });
    expect(health.json()).toMatchObject({ success_rate: 1, health: { score: 100, rating: 'excellent' } });
  });

  it('knows one WordPress under three addresses by the home its REST index names (issue #17 item 5)', async () => {
    const home = new URL(site.url);
    const other = home.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
    const first = await add({
      name: 'Home',
      url: `${site.url}/wp-admin/`,
      username: site.user,
      password: site.password,
    });
    // The wp-admin address is cut to the site, and at its home no warning is needed.
    expect(first).toMatchObject({ url: site.url, warning: null });

    const otherName = await add({
      name: 'Other host name',
      url: `http://${other}:${home.port}`,
      username: site.user,
      password: site.password,
    });
    expect(otherName.warning).toBe(
      `WordPress names its home ${site.url}: ${other}:${home.port} is another address of the WordPress at ${home.host}. ` +
        `Posts appear under ${site.url}; consider saving that address instead. ` +
        `This is the same WordPress as "Home" (${site.url}): every post would go to one site under two names. Delete one of them.`,
    );

    // /blog is no WordPress of its own: WordPress answers there too (?rest_route= works on any path).
    const path = await add({ name: 'A path', url: `${site.url}/blog`, username: site.user, password: site.password });
    expect(path.warning).toBe(
      `WordPress names its home ${site.url}: /blog is not the WordPress home but a path on it. ` +
        `Posts appear under ${site.url}; consider saving that address instead. ` +
        `This is the same WordPress as "Home" (${site.url}), "Other host name" (http://${other}:${home.port}): every post would go to one site under two names. Delete one of them.`,
    );

    // Once the duplicates are gone, the home itself saves without a word.
    for (const id of [otherName.id, path.id]) {
      expect((await app.t.request({ method: 'DELETE', url: `/api/sites/${id}`, cookie: app.cookie })).statusCode).toBe(
        200,
      );
    }
    const edited = await app.t.request({
      method: 'PUT',
      url: `/api/sites/${first.id}`,
      payload: {
        name: 'Home',
        url: site.url,
        username: site.user,
        password: site.password,
        is_active: true,
        content_persona: '',
      },
      cookie: app.cookie,
    });
    expect(edited.json()).toMatchObject({ warning: null });
  });

  it('a wrong application password: bad credentials with the login-name and application-password advice', async () => {
    const { id } = await add({
      name: 'Wrong password',
      url: site.url,
      username: site.user,
      password: 'wrong pass word wron gwro ngwr',
    });
    const { result, body } = await test(id, true);
    expect(result.success).toBe(false);
    expect(result.tests.rest_api_discovery?.success).toBe(true);
    expect(result.tests.authentication).toMatchObject({
      success: false,
      details: { kind: 'bad_credentials', status: 401 },
    });
    const advice = result.recommendations.join('\n');
    expect(advice).toMatch(new RegExp(`"${site.user}": it must be the WordPress login name`));
    expect(advice).toMatch(/not the wp-admin login password/);
    expect(body).not.toContain('wrong pass word');
  });
});

describeRealSite('plain', 'sites API against a WordPress on plain permalinks', (site) => {
  const app = useApp();

  it('is reached through ?rest_route= and passes the basic test', async () => {
    const res = await app.t.request({
      method: 'POST',
      url: '/api/sites',
      payload: {
        name: 'Plain',
        url: site.url,
        username: site.user,
        password: site.password,
        is_active: true,
        content_persona: '',
      },
      cookie: app.cookie,
    });
    expect(res.statusCode).toBe(201);
    const { id, rest_root } = res.json();
    // Found through the Link header: WordPress advertises …/index.php?rest_route=/ there.
    const base = site.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(rest_root).toMatch(new RegExp(`^${base}/(index\\.php)?\\?rest_route=/$`));
    const test = (
      await app.t.request({ method: 'POST', url: `/api/sites/${id}/test-connection`, cookie: app.cookie })
    ).json();
    expect(test).toMatchObject({ success: true, rest_root });
    expect(test.recommendations.join(' ')).toMatch(/plain permalinks/);
  });
});

// The real client against a port nothing listens on: no WordPress needed.
describe('sites API: an unreachable host', () => {
  const app = useApp();

  it('gives the network kind quickly, and a poor health score', async () => {
    const port = await closedPort();
    const started = Date.now();
    const res = await app.t.request({
      method: 'POST',
      url: '/api/sites',
      payload: {
        name: 'Down',
        url: `http://127.0.0.1:${port}`,
        username: 'admin',
        password: 'x',
        is_active: true,
        content_persona: '',
      },
      cookie: app.cookie,
    });
    const { id, warning } = res.json();
    expect(warning).toMatch(/not reached/);
    const test = (
      await app.t.request({ method: 'POST', url: `/api/sites/${id}/test-connection?enhanced=true`, cookie: app.cookie })
    ).json();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(test.success).toBe(false);
    expect(test.tests.reachability).toMatchObject({ success: false, details: { kind: 'network' } });
    const health = (await app.t.request({ method: 'GET', url: `/api/sites/${id}/health`, cookie: app.cookie })).json();
    expect(health).toMatchObject({ success_rate: 0, health: { score: 0, rating: 'poor' } });
    expect(health.health.checks.rest_api_discovery.details.kind).toBe('network');
  });
});
