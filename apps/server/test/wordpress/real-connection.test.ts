import { expect, it } from 'vitest';
import {
  CONNECTION_CHECKS,
  type ConnectionTestResult,
  runConnectionTest,
} from '../../src/integrations/wordpress/index.js';
import { closedPort } from './fake-server.js';
import { describeRealSite, listDirect, type RealSite, realClient, runId } from './real-site.js';

function printTimes(label: string, result: ConnectionTestResult): void {
  const rows = Object.entries(result.tests).map(
    ([name, t]) => `  ${name.padEnd(20)} ${t.success ? 'PASS' : 'FAIL'} ${String(t.response_time).padStart(5)} ms`,
  );
  console.log(
    `[enhanced connection test] ${label}: success=${result.success} success_rate=${result.success_rate}\n${rows.join('\n')}`,
  );
}

async function expectAllGreenAndClean(site: RealSite, result: ConnectionTestResult): Promise<void> {
  expect(Object.keys(result.tests)).toEqual([...CONNECTION_CHECKS]);
  for (const [name, check] of Object.entries(result.tests)) {
    expect({ name, success: check.success, error: check.error }).toEqual({ name, success: true, error: null });
    expect(check.response_time).toBeGreaterThanOrEqual(0);
  }
  expect(result).toMatchObject({ success: true, success_rate: 1 });
  const postId = result.tests.draft_post?.details.post_id;
  const mediaId = result.tests.media_upload?.details.media_id;
  expect(typeof postId).toBe('number');
  expect(typeof mediaId).toBe('number');
  // Verified by listing, outside the client under test: nothing of the test is left.
  const posts = (await listDirect(site, 'wp/v2/posts?status=any&per_page=100&_fields=id')) as Array<{ id: number }>;
  const media = (await listDirect(site, 'wp/v2/media?per_page=100&_fields=id')) as Array<{ id: number }>;
  expect(posts.map((p) => p.id)).not.toContain(postId);
  expect(media.map((m) => m.id)).not.toContain(mediaId);
}

describeRealSite('normal', 'real WordPress: connection test', (site) => {
  it('basic: discovery and an authenticated users/me', async () => {
    const result = await runConnectionTest(realClient(site));
    expect(Object.keys(result.tests)).toEqual(['rest_api_discovery', 'authentication']);
    expect(result).toMatchObject({ success: true, success_rate: 1, restRoot: `${site.url}/wp-json/` });
    expect(result.tests.authentication?.details).toMatchObject({ username: site.user, roles: ['administrator'] });
  });

  it('enhanced: every check green, test post and media removed', async () => {
    const result = await runConnectionTest(realClient(site), { enhanced: true });
    printTimes(site.url, result);
    await expectAllGreenAndClean(site, result);
    expect(result.recommendations).toEqual([]);
  });

  it('a wrong application password gives bad_credentials and the right advice', async () => {
    const wp = realClient(site, { applicationPassword: 'wrongwrongwrongwrongwron' });
    await expect(wp.getCurrentUser()).rejects.toMatchObject({
      kind: 'bad_credentials',
      status: 401,
      wpCode: 'rest_not_logged_in',
    });
    const result = await runConnectionTest(wp, { enhanced: true });
    expect(result.success).toBe(false);
    expect(result.tests.authentication).toMatchObject({ success: false, details: { kind: 'bad_credentials' } });
    expect(result.tests.rest_api_discovery?.success).toBe(true); // the index is public
    expect(result.tests.draft_post?.error).toMatch(/Skipped/);
    const advice = result.recommendations.join('\n');
    expect(advice).toMatch(new RegExp(`"${site.user}": it must be the WordPress login name`));
    expect(advice).toMatch(/application password .* not the wp-admin login password/);
    expect(advice).toMatch(/stripping the Authorization header/);
    expect(JSON.stringify(result)).not.toContain('wrongwrongwrongwrongwron');
  });

  it('the name of the application password used as username gives the same kind', async () => {
    const wp = realClient(site, { username: 'wp-local-tests' });
    await expect(wp.getCurrentUser()).rejects.toMatchObject({ kind: 'bad_credentials' });
  });

  it('an unreachable host gives the network kind quickly', async () => {
    const started = Date.now();
    const result = await runConnectionTest(realClient(site, { baseUrl: `http://127.0.0.1:${await closedPort()}` }), {
      enhanced: true,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.tests.reachability).toMatchObject({ success: false, details: { kind: 'network' } });
    expect(result.success_rate).toBe(0);
  });
});

describeRealSite('plain', 'real WordPress on plain permalinks', (site) => {
  it('is not served at /wp-json/ (the premise of this suite)', async () => {
    const response = await fetch(`${site.url}/wp-json/`);
    // The page is not read: its body is let go at once. Left paused (undici's parser under
    // backpressure) until the server closed the connection, it crashed the worker from the socket's
    // 'end' handler (nodejs/undici#5360, fixed only in undici 8, which needs Node 22.19).
    await response.body?.cancel();
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('is reached through ?rest_route=, and a post round-trips through it', async () => {
    const wp = realClient(site);
    const found = await wp.discover();
    expect(found.restRoot).toMatch(/\?rest_route=\/$/);
    expect(found.method).not.toBe('wp-json');
    const post = await wp.posts.create({ title: 'Plain', content: '<p>p</p>', slug: `abp-plain-${runId}` });
    try {
      expect((await wp.posts.findBySlug(`abp-plain-${runId}`))?.id).toBe(post.id);
    } finally {
      await wp.posts.delete(post.id);
    }
  });

  it('enhanced: every check green, with the plain-permalinks note', async () => {
    const result = await runConnectionTest(realClient(site), { enhanced: true });
    printTimes(site.url, result);
    expect(result.restRoot).toContain('rest_route=');
    expect(result.recommendations.join(' ')).toMatch(/plain permalinks/);
    for (const check of Object.values(result.tests)) expect(check.error).toBeNull();
    expect(result.success_rate).toBe(1);
  });

  it('a stale /wp-json/ root: the POST answer is HTML, reported as not_json, nothing created', async () => {
    const wp = realClient(site, { restRoot: `${site.url}/wp-json/` });
    const marker = `stale-${runId}`;
    await expect(wp.posts.create({ title: 'Stale root', content: '<p>x</p>', marker })).rejects.toMatchObject({
      kind: 'not_json',
      status: 200,
    });
    // WordPress served its home page to the POST (redirect_canonical skips POSTs): no post exists.
    expect(await realClient(site).posts.findByMarker(marker)).toBeNull();
  });
});
