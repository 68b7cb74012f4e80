import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundHttp, outbound } from '../../src/lib/outbound/index.js';
import { DEFAULT_LINK_CHECK_OPTIONS, isDead, LinkChecker } from '../../src/modules/refresh/link-checker.js';
import { at, testNetwork } from '../outbound/test-network.js';
import { startLinkServer } from './link-servers.js';

describe('link checker: HEAD then GET, timeouts, redirects under the outbound rule, 5xx twice', () => {
  let server: Awaited<ReturnType<typeof startLinkServer>>;
  const network = testNetwork();
  const checker = new LinkChecker(network.outbound, {
    ...DEFAULT_LINK_CHECK_OPTIONS,
    timeoutMs: 400,
    retries: 1,
  });
  const site = 'http://127.0.0.1:9/';
  const link = (path: string) => at('public.test', server.url, path);
  beforeAll(async () => {
    server = await startLinkServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sorts answers into dead, not dead and alive', async () => {
    const paths = ['/ok', '/gone', '/removed', '/head-refused', '/private', '/limited', '/moved'];
    const results = await checker.checkAll(paths.map((path) => ({ url: link(path), entered: site })));
    const by = Object.fromEntries(results.map((r) => [new URL(r.url).pathname, r]));
    expect(by['/ok']).toMatchObject({ outcome: 'ok', status: 200 });
    expect(by['/gone']).toMatchObject({ outcome: 'dead', status: 404 });
    expect(by['/removed']).toMatchObject({ outcome: 'dead', status: 410 });
    // HEAD refused (405): asked again with GET, which answers.
    expect(by['/head-refused']).toMatchObject({ outcome: 'ok', status: 200 });
    expect(server.hits.get('GET /head-refused')).toBe(1);
    // GET bodies are never read: /ok was asked with HEAD only.
    expect(server.hits.get('GET /ok')).toBeUndefined();
    expect(by['/private']).toMatchObject({ outcome: 'not_dead', status: 403 });
    expect(by['/limited']).toMatchObject({ outcome: 'not_dead', status: 429 });
    // A redirect is followed: where it leads decides.
    expect(by['/moved']).toMatchObject({ outcome: 'dead', status: 404, finalUrl: link('/gone') });
    expect(
      results
        .filter(isDead)
        .map((r) => new URL(r.url).pathname)
        .sort(),
    ).toEqual(['/gone', '/moved', '/removed']);
  });

  it('a server that never answers is dead after its tries; a name that does not resolve is dead at once', async () => {
    const [slow] = await checker.checkAll([{ url: link('/slow'), entered: site }]);
    expect(slow).toMatchObject({ outcome: 'dead', status: null });
    expect(slow?.error).toMatch(/no answer within .* 2 tries/);
    expect(server.hits.get('HEAD /slow')).toBe(2);
    // Names resolve nowhere here (the resolver fails as getaddrinfo does): nothing leaves the machine.
    const noNames = new LinkChecker(
      new OutboundHttp({
        resolve: (hostname) =>
          Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })),
      }),
      checker.options,
    );
    const [nowhere] = await noNames.checkAll([{ url: 'http://nowhere.test/page', entered: site }]);
    expect(nowhere).toMatchObject({ outcome: 'dead', error: 'the name does not resolve' });
  });

  it('5xx once is a server error, twice in a row dead-ish', async () => {
    const [first] = await checker.checkAll([{ url: link('/flaky'), entered: site }]);
    expect(first).toMatchObject({ outcome: 'server_error', status: 503, serverErrors: 1 });
    expect(isDead(first!)).toBe(false);
    const [second] = await checker.checkAll([{ url: link('/flaky'), entered: site }], new Map([[link('/flaky'), 1]]));
    expect(second).toMatchObject({ outcome: 'server_error', serverErrors: 2 });
    expect(isDead(second!)).toBe(true);
  });

  it("loopback is reached on the site's own origin (a WordPress on 127.0.0.1), and skipped elsewhere", async () => {
    const real = new LinkChecker(outbound, { ...DEFAULT_LINK_CHECK_OPTIONS, timeoutMs: 2_000 });
    const [own] = await real.checkAll([{ url: `${server.url}/gone`, entered: `${server.url}/` }]);
    expect(own).toMatchObject({ outcome: 'dead', status: 404 });
    const [other] = await real.checkAll([{ url: `${server.url}/gone`, entered: 'http://127.0.0.1:9/' }]);
    expect(other?.outcome).toBe('skipped');
    expect(isDead(other!)).toBe(false);
  });

  it('holds at most the per-host limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const counting = new LinkChecker(
      {
        fetch: async (url) => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise((resolve) => setTimeout(resolve, 20));
          inFlight--;
          return { response: new Response(null, { status: 200 }), url: String(url), redirects: [] };
        },
      },
      { ...DEFAULT_LINK_CHECK_OPTIONS, concurrency: 16, perHost: 2 },
    );
    const links = Array.from({ length: 12 }, (_, i) => ({ url: `https://one.example/${i}`, entered: site }));
    const results = await counting.checkAll(links);
    expect(results).toHaveLength(12);
    expect(most).toBe(2);
  });
});
