import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedError, FeedReader, fetchFeed, parseRetryAfter } from '../../src/integrations/trends/index.js';
import { at, testNetwork } from '../outbound/test-network.js';
import { closedPort } from '../wordpress/fake-server.js';
import { ATOM_ENTRIES, atomFeed, GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';
import { FeedServer } from './feed-server.js';

let server: FeedServer;
const reader = new FeedReader({ timeoutMs: 400, maxBytes: 64 * 1024 });

beforeAll(async () => {
  server = await FeedServer.start();
  server
    .xml('/google.xml', googleTrendsFeed(GOOGLE_TRENDS))
    .xml('/atom.xml', atomFeed(ATOM_ENTRIES), 'application/atom+xml')
    .status('/down.xml', 500, {}, 'Internal Server Error')
    .status('/limited.xml', 429, { 'Retry-After': '120' })
    .hang('/slow.xml')
    .xml('/broken.xml', '<?xml version="1.0"?><rss><channel><item><title>Oops</channel></rss>')
    .xml('/huge.xml', `<rss><channel>${'<item><title>x</title></item>'.repeat(5000)}</channel></rss>`)
    .on('/latin1.xml', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(
        Buffer.from(
          '<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><item><title>Crème brûlée</title></item></channel></rss>',
          'latin1',
        ),
      );
    });
});
afterAll(async () => server.close());

async function failure(pathOrUrl: string): Promise<FeedError> {
  const error = await reader
    .read(pathOrUrl.startsWith('http') ? pathOrUrl : server.url(pathOrUrl))
    .catch((e: unknown) => e);
  if (!(error instanceof FeedError)) throw new Error(`expected a FeedError, got ${String(error)}`);
  return error;
}

describe('fetching one feed', () => {
  it('an HTTP 500 is an http_error naming the status', async () => {
    const error = await failure('/down.xml');
    expect(error).toMatchObject({ kind: 'http_error', retryable: true, details: { status: 500 } });
    expect(error.message).toBe('The feed answered HTTP 500 Internal Server Error.');
  });

  it('a 429 is rate_limited and carries Retry-After', async () => {
    const error = await failure('/limited.xml');
    expect(error).toMatchObject({ kind: 'rate_limited', details: { status: 429, retryAfterSeconds: 120 } });
    expect(error.message).toBe('Rate limited by the feed (HTTP 429); retry after 120 s.');
  });

  it('a feed that never answers times out', async () => {
    const started = Date.now();
    const error = await failure('/slow.xml');
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('No complete answer within 400 ms (timeout).');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('broken XML is malformed', async () => {
    expect((await failure('/broken.xml')).kind).toBe('malformed');
  });

  it('a body above the size limit is refused without reading it all', async () => {
    const error = await failure('/huge.xml');
    expect(error.kind).toBe('too_large');
    expect(error.message).toBe('The feed is larger than 64 KB; it was not read.');
  });

  it('a missing feed (404) and a closed port are reported, not thrown past the reader', async () => {
    expect((await failure('/nowhere.xml')).message).toBe('The feed answered HTTP 404 Not Found.');
    const refused = await failure(`http://127.0.0.1:${await closedPort()}/feed.xml`);
    expect([refused.kind, refused.message]).toEqual(['network', 'The feed could not be reached (ECONNREFUSED).']);
  });

  it('only http(s) addresses are fetched', async () => {
    await expect(
      fetchFeed('file:///etc/passwd', { timeoutMs: 100, maxBytes: 10, userAgent: 'x' }),
    ).rejects.toMatchObject({ kind: 'invalid_url' });
  });

  it('decodes the charset the XML declares', async () => {
    const trends = await reader.read(server.url('/latin1.xml'));
    expect(trends[0]!.title).toBe('Crème brûlée');
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(30);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('reading every feed', () => {
  it('keeps the trends of the good feeds and one failure per bad feed', async () => {
    const paths = ['/google.xml', '/down.xml', '/slow.xml', '/broken.xml', '/limited.xml', '/atom.xml'];
    const result = await reader.readAll(paths.map((p) => server.url(p)));
    expect(result.trends.map((t) => t.title)).toEqual([
      'Tomato blight',
      'Champions League final',
      'Rose pruning',
      'Election results',
      'Composting in winter',
    ]);
    expect(result.failures.map((f) => [f.feedUrl.replace(server.baseUrl, ''), f.kind])).toEqual([
      ['/down.xml', 'http_error'],
      ['/slow.xml', 'timeout'],
      ['/broken.xml', 'malformed'],
      ['/limited.xml', 'rate_limited'],
    ]);
  });
});

describe('redirects follow the outbound rule', () => {
  const redirect =
    (location: string, status = 302) =>
    (_req: unknown, res: ServerResponse) => {
      res.writeHead(status, { Location: location });
      res.end();
    };

  it('a redirect within the limit is followed', async () => {
    server.on('/old.xml', redirect('/older.xml', 301)).on('/older.xml', redirect(server.url('/google.xml'), 308));
    expect((await reader.read(server.url('/old.xml'))).map((t) => t.title)).toContain('Tomato blight');
  });

  it('a feed that redirects 10 times is refused after the fifth redirect', async () => {
    for (let i = 1; i <= 10; i++) server.on(`/loop${i}.xml`, redirect(i === 10 ? '/google.xml' : `/loop${i + 1}.xml`));
    server.hits.clear();
    const error = await failure('/loop1.xml');
    expect([error.kind, error.retryable]).toEqual(['redirect_refused', false]);
    expect(error.message).toBe(
      `The feed redirected more than 5 times (the last time to ${server.url('/loop7.xml')}); it was not followed further.`,
    );
    expect(server.hits.get('/google.xml')).toBeUndefined();
  });

  it.each([
    ['ftp://127.0.0.1/feed.xml', 'ftp://127.0.0.1/feed.xml'],
    ['file:///etc/passwd', 'file:///etc/passwd'],
    ['data:application/rss+xml,<rss><channel><item><title>Injected</title></item></channel></rss>', 'data:…'],
  ])('a redirect to %s is refused', async (location, shown) => {
    server.on('/elsewhere.xml', redirect(location));
    const error = await failure('/elsewhere.xml');
    expect(error.kind).toBe('redirect_refused');
    expect(error.message).toBe(
      `The feed redirected to ${shown}, which is not an http or https address; it was not followed.`,
    );
  });

  it('a feed on a local address may not redirect to another local server (localhost is another origin)', async () => {
    const target = `http://localhost:${new URL(server.baseUrl).port}/google.xml`;
    server.on('/to-localhost.xml', redirect(target));
    server.hits.clear();
    const error = await failure('/to-localhost.xml');
    expect(error.kind).toBe('redirect_refused');
    expect(error.message).toMatch(
      new RegExp(
        `^The feed redirected to ${target.replace(/[.]/g, '\\.')} \\(its name resolves to (127\\.0\\.0\\.1|::1)\\), a loopback address; it was not followed\\.$`,
      ),
    );
    expect(server.hits.get('/google.xml')).toBeUndefined();
  });

  describe('a public feed (public.test, a pretend public name on 127.0.0.1)', () => {
    const net = testNetwork();
    const publicReader = new FeedReader({ timeoutMs: 2000, maxBytes: 64 * 1024, outbound: net.outbound });
    afterAll(() => net.outbound.close());

    it('still follows a redirect to another public server', async () => {
      server.on('/cdn-moved.xml', redirect(at('cdn.public.test', server.baseUrl, '/google.xml')));
      expect(
        (await publicReader.read(at('public.test', server.baseUrl, '/cdn-moved.xml'))).map((t) => t.title),
      ).toContain('Tomato blight');
    });

    it.each([
      ['http://127.0.0.1:{port}/google.xml', 'a loopback address'],
      ['http://10.0.0.5/feed.xml', 'a private address'],
      ['http://169.254.169.254/latest/meta-data/', 'a link-local address'],
      ['http://[::ffff:127.0.0.1]/feed.xml', 'a loopback address'],
    ])('may not redirect to %s (%s)', async (template, words) => {
      const target = template.replace('{port}', new URL(server.baseUrl).port);
      server.on('/to-private.xml', redirect(target));
      const sentBefore = net.sent.length;
      const error = await publicReader
        .read(at('public.test', server.baseUrl, '/to-private.xml'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FeedError);
      const shown = new URL(target);
      expect((error as FeedError).message).toBe(
        `The feed redirected to ${shown.origin}${shown.pathname}, ${words}; it was not followed.`,
      );
      expect(net.sent.slice(sentBefore)).toEqual([at('public.test', server.baseUrl, '/to-private.xml')]);
    });

    it('may not redirect to a name that resolves to a private address either (checked when connecting)', async () => {
      server.on('/to-lan.xml', redirect(at('lan.test', server.baseUrl, '/google.xml')));
      server.hits.clear();
      const error = await publicReader.read(at('public.test', server.baseUrl, '/to-lan.xml')).catch((e: unknown) => e);
      expect((error as FeedError).message).toBe(
        `The feed redirected to ${at('lan.test', server.baseUrl, '/google.xml')} (its name resolves to 127.0.0.1), a private address; it was not followed.`,
      );
      expect(server.hits.get('/google.xml')).toBeUndefined();
    });
  });
});
