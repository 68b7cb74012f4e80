import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createWordPressClient,
  isWordPressError,
  type WordPressClient,
} from '../../src/integrations/wordpress/index.js';
import { FakeWordPressServer, sendHtml, sendJson, wpError } from './fake-server.js';

let server: FakeWordPressServer;

const index = { name: 'Plain', namespaces: ['oembed/1.0', 'wp/v2'], authentication: [] };
const me = { id: 3, username: 'editor', name: 'Ed', roles: ['editor'], capabilities: { publish_posts: true } };
const isRestRoute = (route: string) => (url: string) =>
  new URL(url, 'http://x').searchParams.get('rest_route') === route;

function client(): WordPressClient {
  return createWordPressClient({
    baseUrl: `${server.url}/`,
    username: 'editor',
    applicationPassword: 'abcdabcdabcdabcdabcdabcd',
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
  });
}

/** A site on plain permalinks: /wp-json/ is just the home page, the API answers on ?rest_route=. */
function playPlainPermalinks(withLink: boolean): void {
  const link: Record<string, string> = withLink
    ? { Link: `<${server.url}/index.php?rest_route=/>; rel="https://api.w.org/"` }
    : {};
  server.on('GET', '/wp-json/', (_q, res) => sendHtml(res, 200, '<!doctype html><title>Home</title>', link));
  server.on('GET', '/', (_q, res) => sendHtml(res, 200, '<!doctype html><title>Home</title>', link));
  server.on('GET', isRestRoute('/'), (_q, res) => sendJson(res, 200, index));
  server.on('GET', isRestRoute('/wp/v2/users/me'), (_q, res) => sendJson(res, 200, me));
}

beforeAll(async () => {
  server = await FakeWordPressServer.start();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

describe('REST API discovery', () => {
  it('uses /wp-json/ when it answers with the REST index', async () => {
    const wp = client();
    const found = await wp.discover();
    expect(found).toMatchObject({
      restRoot: `${server.url}/wp-json/`,
      method: 'wp-json',
      applicationPasswordsAdvertised: true,
    });
    expect(wp.restRoot).toBe(`${server.url}/wp-json/`);
  });

  it('follows the Link rel="https://api.w.org/" header when /wp-json/ is not JSON, then calls routes through it', async () => {
    playPlainPermalinks(true);
    const wp = client();
    const found = await wp.discover();
    expect(found.method).toBe('link-header');
    expect(found.restRoot).toBe(`${server.url}/index.php?rest_route=/`);
    expect(found.applicationPasswordsAdvertised).toBe(false); // authentication: [] in the index
    const user = await wp.getCurrentUser();
    expect(user.username).toBe('editor');
    const call = server.requests.at(-1);
    expect(call?.url).toBe('/index.php?rest_route=%2Fwp%2Fv2%2Fusers%2Fme&context=edit');
  });

  it('falls back to ?rest_route= when there is no Link header, also for a 404 /wp-json/', async () => {
    playPlainPermalinks(false);
    server.on('GET', '/wp-json/', (_q, res) => sendHtml(res, 404, '<h1>Not found</h1>'));
    const wp = client();
    const found = await wp.discover();
    expect(found.method).toBe('rest_route');
    expect(found.restRoot).toBe(`${server.url}/?rest_route=/`);
    expect(found.tried.map((t) => t.url)).toEqual([
      `${server.url}/wp-json/`,
      `${server.url}/`,
      `${server.url}/?rest_route=/`,
    ]);
  });

  it('discovers on first use when no root is stored', async () => {
    playPlainPermalinks(false);
    const user = await client().getCurrentUser();
    expect(user.id).toBe(3);
    expect(server.requests.map((r) => r.url)).toContain('/?rest_route=%2Fwp%2Fv2%2Fusers%2Fme&context=edit');
  });

  it('reports rest_unavailable with what it tried when nothing answers', async () => {
    server.on(
      'GET',
      () => true,
      (_q, res) => sendJson(res, 404, wpError('rest_no_route', 'No route', 404)),
    );
    const error = await client()
      .discover()
      .catch((e: unknown) => e);
    expect(isWordPressError(error) && error.kind).toBe('rest_unavailable');
    expect(String((error as Error).message)).toMatch(/Tried: .*wp-json.*rest_route/);
  });

  it('stops at once on a firewall instead of probing further', async () => {
    server.on('GET', '/wp-json/', (_q, res) => sendHtml(res, 403, '<html>Request rejected by mod_security</html>'));
    const error = await client()
      .discover()
      .catch((e: unknown) => e);
    expect(isWordPressError(error) && error.kind).toBe('blocked_by_firewall');
    expect(server.requests).toHaveLength(1);
  });

  it('does not follow a redirect of the index to another address: reports the canonical one instead', async () => {
    const other = await FakeWordPressServer.start();
    try {
      server.on('GET', '/wp-json/', (_q, res) => {
        res.writeHead(301, { Location: `${other.url}/wp-json/` });
        res.end();
      });
      const error = await client()
        .discover()
        .catch((e: unknown) => e);
      expect(isWordPressError(error) && error.kind).toBe('cross_origin_redirect');
      expect(isWordPressError(error) && error.canonicalUrl).toBe(`${other.url}/`);
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
