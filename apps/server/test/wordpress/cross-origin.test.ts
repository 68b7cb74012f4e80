import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crossOriginError } from '../../src/integrations/wordpress/cross-origin.js';
import {
  createWordPressClient,
  isWordPressError,
  runConnectionTest,
  type WordPressClient,
  type WordPressError,
} from '../../src/integrations/wordpress/index.js';
import { recommendationsFor } from '../../src/integrations/wordpress/recommendations.js';
import { FakeWordPressServer, sendHtml } from './fake-server.js';

/*
 * The application password belongs to the address the operator entered. Site A is that address;
 * site B (another loopback host, 127.0.0.2) is where A points: by a redirect, by the REST Link
 * header, or by a REST root stored by an older version. B must never see an Authorization header.
 */

let a: FakeWordPressServer;
let b: FakeWordPressServer;

beforeAll(async () => {
  a = await FakeWordPressServer.start();
  b = await FakeWordPressServer.start('127.0.0.2');
});
afterAll(async () => {
  await a.close();
  await b.close();
});
beforeEach(() => {
  a.reset();
  b.reset();
});

function client(restRoot?: string): WordPressClient {
  return createWordPressClient({
    baseUrl: a.url,
    username: 'editor',
    applicationPassword: 'abcd efgh ijkl mnop qrst uvwx',
    ...(restRoot ? { restRoot } : {}),
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
  });
}

async function failure(promise: Promise<unknown>): Promise<WordPressError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isWordPressError(error)) throw new Error(`expected a WordPressError, got ${String(error)}`);
  return error;
}

/** A redirects every GET to the same path on B, the way a moved site does. */
function redirectEverythingToB(status = 301): void {
  a.on(
    'GET',
    () => true,
    (req, res) => {
      res.writeHead(status, { Location: `${b.url}${req.url}` });
      res.end();
    },
  );
}

const credentialsSeenByB = () => b.requests.filter((r) => r.headers.authorization !== undefined);

describe('credentials go only to the origin the operator entered', () => {
  it('stops discovery at a redirect to another host and says where the site points; B gets nothing', async () => {
    redirectEverythingToB();
    const error = await failure(client().discover());
    expect(error.kind).toBe('cross_origin_redirect');
    expect(error.location).toBe(`${b.url}/wp-json/`);
    expect(error.canonicalUrl).toBe(`${b.url}/`);
    expect(error.message).toContain(`This site redirects to ${b.url}/`);
    expect(error.message).toContain('Update the site URL');
    expect(credentialsSeenByB()).toEqual([]);
    expect(b.requests).toEqual([]);
  });

  it('does not follow a redirect to the same host on another port either (another origin)', async () => {
    const otherPort = await FakeWordPressServer.start();
    try {
      a.on('GET', '/wp-json/', (_q, res) => {
        res.writeHead(302, { Location: `${otherPort.url}/wp-json/` });
        res.end();
      });
      const error = await failure(client().discover());
      expect(error.kind).toBe('cross_origin_redirect');
      expect(otherPort.requests).toEqual([]);
    } finally {
      await otherPort.close();
    }
  });

  it('still follows a redirect within the same origin (a blog moved to /blog)', async () => {
    a.on('GET', '/wp-json/', (_q, res) => {
      res.writeHead(301, { Location: `${a.url}/blog/wp-json/` });
      res.end();
    });
    a.on('GET', '/blog/wp-json/', (_q, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ name: 'Blog', namespaces: ['wp/v2'], authentication: { 'application-passwords': {} } }));
    });
    const found = await client().discover();
    expect(found.restRoot).toBe(`${a.url}/blog/wp-json/`);
    expect(found.canonicalUrl).toBe(`${a.url}/blog/`);
  });

  it('does not trust a Link rel="https://api.w.org/" header naming another host', async () => {
    const link = { Link: `<${b.url}/wp-json/>; rel="https://api.w.org/"` };
    a.on('GET', '/wp-json/', (_q, res) => sendHtml(res, 200, '<!doctype html><title>Home</title>', link));
    a.on('GET', '/', (_q, res) => sendHtml(res, 200, '<!doctype html><title>Home</title>', link));
    const error = await failure(client().discover());
    expect(error.kind).toBe('cross_origin_redirect');
    expect(error.canonicalUrl).toBe(`${b.url}/`);
    expect(error.message).toContain(`says its REST API is at ${b.url}/wp-json/`);
    // A later call does not go there either: no REST root was stored.
    expect((await failure(client().getCurrentUser())).kind).toBe('cross_origin_redirect');
    expect(b.requests).toEqual([]);
  });

  it('ignores a REST root on another host stored by an older version and finds the API on the site again', async () => {
    const wp = client(`${b.url}/wp-json/`);
    const me = await wp.getCurrentUser();
    expect(me.username).toBe('admin');
    expect(wp.restRoot).toBe(`${a.url}/wp-json/`);
    expect(a.requestsFor('GET', '/wp-json/wp/v2/users/me')[0]?.headers.authorization).toMatch(/^Basic /);
    expect(b.requests).toEqual([]);
  });

  it('the connection test reports the redirect with the new address as a recommendation, and sends B nothing', async () => {
    redirectEverythingToB();
    const result = await runConnectionTest(client(), { enhanced: true });
    expect(result.success).toBe(false);
    expect(result.tests.reachability).toMatchObject({ success: true, details: { redirected_to: `${b.url}/` } });
    expect(result.tests.rest_api_discovery).toMatchObject({
      success: false,
      details: { kind: 'cross_origin_redirect' },
    });
    expect(result.tests.authentication?.error).toMatch(/Skipped/);
    expect(result.recommendations).toEqual([
      expect.stringContaining(`This site redirects to ${b.url}/ — update the site URL`),
    ]);
    expect(result.restRoot).toBeNull();
    expect(b.requests).toEqual([]);
  });
});

describe('an http → https move of the same host', () => {
  it('is reported as a move to confirm by saving the https address, not followed', () => {
    const error = crossOriginError('http://blog.example/wp-json/', 'https://blog.example/wp-json/', {
      kind: 'redirect',
      status: 301,
      method: 'GET',
    });
    expect(error.kind).toBe('cross_origin_redirect');
    expect(error.canonicalUrl).toBe('https://blog.example/');
    expect(error.message).toContain('The site moved to HTTPS: edit the site and save https://blog.example/ as its URL');
    const [advice] = recommendationsFor('rest_api_discovery', error, { username: 'editor' });
    expect(advice).toMatch(
      /^The site moved to HTTPS: it redirects to https:\/\/blog\.example\/\. Edit the site and save/,
    );
  });
});
