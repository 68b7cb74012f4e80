import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOutboundRefusal, type OutboundRefusal } from '../../src/lib/outbound/index.js';
import { FeedServer } from '../trends/feed-server.js';
import { at, testNetwork } from './test-network.js';

/*
 * The one rule for outbound requests, against local servers: a (pretend) public server A at
 * public.test, a second one B at cdn.public.test on another port, and the same servers reached
 * by their real loopback address 127.0.0.1 where a test needs a private target.
 */

let a: FeedServer;
let b: FeedServer;
const seen: Array<{ server: 'a' | 'b'; path: string; headers: IncomingHttpHeaders }> = [];
const net = testNetwork();

const redirect = (res: ServerResponse, location: string, status = 302) => {
  res.writeHead(status, { Location: location });
  res.end();
};

beforeAll(async () => {
  a = await FeedServer.start();
  b = await FeedServer.start();
  for (const [name, server] of [
    ['a', a],
    ['b', b],
  ] as const) {
    server.on('/ok', (req, res) => {
      seen.push({ server: name, path: '/ok', headers: req.headers });
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(`ok from ${name}`);
    });
  }
});
afterAll(async () => {
  await net.outbound.close();
  await a.close();
  await b.close();
});

async function refusal(promise: Promise<unknown>): Promise<OutboundRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isOutboundRefusal(error)) throw new Error(`expected an OutboundRefusal, got ${String(error)}`);
  return error;
}

const get = (url: string, extra: Partial<Parameters<typeof net.outbound.fetch>[1]> = {}) =>
  net.outbound.fetch(url, { subject: 'The feed', ...extra });

describe('redirects within the rule are followed', () => {
  it('a redirect to another public origin, with the trail of addresses', async () => {
    a.on('/moved', (_q, res) => redirect(res, at('cdn.public.test', b.baseUrl, '/ok'), 301));
    const answer = await get(at('public.test', a.baseUrl, '/moved'));
    expect(await answer.response.text()).toBe('ok from b');
    expect(answer.url).toBe(at('cdn.public.test', b.baseUrl, '/ok'));
    expect(answer.redirects).toEqual([at('public.test', a.baseUrl, '/moved')]);
  });

  it('five redirects are followed; the sixth is refused and not fetched', async () => {
    for (let i = 1; i <= 10; i++) a.on(`/hop${i}`, (_q, res) => redirect(res, i === 10 ? '/ok' : `/hop${i + 1}`));
    a.hits.clear();
    const five = await get(at('public.test', a.baseUrl, '/hop6'));
    expect(five.redirects).toHaveLength(5);
    expect(await five.response.text()).toBe('ok from a');

    a.hits.clear();
    const error = await refusal(get(at('public.test', a.baseUrl, '/hop1')));
    expect(error.kind).toBe('too_many_redirects');
    expect(error.message).toBe(
      `The feed redirected more than 5 times (the last time to ${at('public.test', a.baseUrl, '/hop7')}); it was not followed further.`,
    );
    expect([...a.hits.keys()]).toEqual(['/hop1', '/hop2', '/hop3', '/hop4', '/hop5', '/hop6']);
  });

  it('manual mode returns the redirect as it is', async () => {
    a.on('/manual', (_q, res) => redirect(res, 'http://169.254.169.254/latest/meta-data/'));
    const answer = await get(at('public.test', a.baseUrl, '/manual'), { redirect: 'manual' });
    expect(answer.response.status).toBe(302);
    expect(answer.redirects).toEqual([]);
  });
});

describe('only http and https, at every hop', () => {
  it.each([
    ['ftp://public.test/feed.xml', 'ftp://public.test/feed.xml'],
    ['file:///etc/passwd', 'file:///etc/passwd'],
    ['data:text/xml,<rss/>', 'data:…'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
  ])('a redirect to %s is refused', async (location, shown) => {
    a.on('/scheme', (_q, res) => redirect(res, location));
    const error = await refusal(get(at('public.test', a.baseUrl, '/scheme')));
    expect(error.kind).toBe('scheme');
    expect(error.message).toBe(
      `The feed redirected to ${shown}, which is not an http or https address; it was not followed.`,
    );
  });

  it('no user name or password in an address', async () => {
    a.on('/userinfo', (_q, res) => redirect(res, at('admin:secret@cdn.public.test', b.baseUrl, '/ok')));
    const before = net.sent.length;
    const error = await refusal(get(at('public.test', a.baseUrl, '/userinfo')));
    expect(error.kind).toBe('credentials_in_url');
    expect(error.message).not.toContain('secret');
    expect(net.sent.slice(before)).toEqual([at('public.test', a.baseUrl, '/userinfo')]);
  });
});

describe('a public server cannot send a request to a private address', () => {
  const targets: Array<[string, string]> = [
    ['http://127.0.0.1:{b}/ok', 'a loopback address'],
    ['http://2130706433:{b}/ok', 'a loopback address'],
    ['http://0x7f.1:{b}/ok', 'a loopback address'],
    ['http://[::1]:{b}/ok', 'a loopback address'],
    ['http://[::ffff:127.0.0.1]:{b}/ok', 'a loopback address'],
    ['http://0.0.0.0:{b}/ok', 'an unspecified address'],
    ['http://10.0.0.5/admin', 'a private address'],
    ['http://192.168.1.1/', 'a private address'],
    ['http://100.64.0.1/', 'a private address'],
    ['http://[fd00::1]/', 'a private address'],
    ['http://169.254.169.254/latest/meta-data/', 'a link-local address'],
    ['http://[fe80::1]/', 'a link-local address'],
  ];
  it.each(targets)('a redirect to %s is refused before any connection (%s)', async (template, words) => {
    const location = template.replace('{b}', new URL(b.baseUrl).port);
    a.on('/to-private', (_q, res) => redirect(res, location));
    const before = net.sent.length;
    const error = await refusal(get(at('public.test', a.baseUrl, '/to-private')));
    expect(error.kind).toBe('forbidden_address');
    const shown = new URL(location);
    expect(error.message).toBe(
      `The feed redirected to ${shown.origin}${shown.pathname}, ${words}; it was not followed.`,
    );
    expect(net.sent.slice(before)).toEqual([at('public.test', a.baseUrl, '/to-private')]);
  });

  it.each([
    ['lan.test', 'a private address'],
    ['metadata.test', 'a link-local address'],
  ])(
    'a redirect to a name resolving to a forbidden address (%s) is refused when the socket looks it up',
    async (name, words) => {
      a.on('/to-name', (_q, res) => redirect(res, at(name, b.baseUrl, '/ok')));
      const hitsBefore = b.hits.get('/ok') ?? 0;
      const error = await refusal(get(at('public.test', a.baseUrl, '/to-name')));
      expect(error.kind).toBe('forbidden_address');
      expect(error.message).toBe(
        `The feed redirected to ${at(name, b.baseUrl, '/ok')} (its name resolves to 127.0.0.1), ${words}; it was not followed.`,
      );
      expect(b.hits.get('/ok') ?? 0).toBe(hitsBefore);
    },
  );

  it('the entered address may be private, and redirect within its own origin, but not to another private origin', async () => {
    a.on('/local-moved', (_q, res) => redirect(res, '/ok'));
    const within = await get(`${a.baseUrl}/local-moved`);
    expect(await within.response.text()).toBe('ok from a');

    a.on('/local-elsewhere', (_q, res) => redirect(res, `${b.baseUrl}/ok`));
    const hitsBefore = b.hits.get('/ok') ?? 0;
    const error = await refusal(get(`${a.baseUrl}/local-elsewhere`));
    expect(error.message).toBe(`The feed redirected to ${b.baseUrl}/ok, a loopback address; it was not followed.`);
    expect(b.hits.get('/ok') ?? 0).toBe(hitsBefore);
  });

  it('an address named by a server (not entered) must be public from the first request', async () => {
    const error = await refusal(get(`${b.baseUrl}/ok`, { entered: at('public.test', a.baseUrl, '/') }));
    expect(error.message).toBe(`The feed pointed to ${b.baseUrl}/ok, a loopback address; it was not fetched.`);
  });
});

describe('credentials go only to the entered origin', () => {
  it('Authorization, API-key headers and cookies are not sent across a redirect, nor brought back', async () => {
    a.on('/keyed', (_q, res) => redirect(res, at('cdn.public.test', b.baseUrl, '/back')));
    b.on('/back', (_q, res) => redirect(res, at('public.test', a.baseUrl, '/ok')));
    seen.length = 0;
    const answer = await get(at('public.test', a.baseUrl, '/keyed'), {
      headers: {
        Authorization: 'Bearer sk-secret',
        'x-api-key': 'k1',
        'x-goog-api-key': 'k2',
        'api-key': 'k3',
        Cookie: 'session=s',
        Accept: 'text/plain',
        'User-Agent': 'abp-test',
      },
    });
    expect(await answer.response.text()).toBe('ok from a');
    const [final] = seen;
    expect(final?.headers).toMatchObject({ accept: 'text/plain', 'user-agent': 'abp-test' });
    for (const name of ['authorization', 'x-api-key', 'x-goog-api-key', 'api-key', 'cookie'])
      expect(final?.headers).not.toHaveProperty(name);
  });

  it('a POST that is redirected is not repeated anywhere', async () => {
    a.on('/post', (_q, res) => redirect(res, at('cdn.public.test', b.baseUrl, '/ok'), 307));
    seen.length = 0;
    const error = await refusal(
      get(at('public.test', a.baseUrl, '/post'), {
        method: 'POST',
        body: '{"prompt":"x"}',
        headers: { Authorization: 'Bearer sk-secret' },
      }),
    );
    expect(error.kind).toBe('redirect_not_followed');
    expect(error.message).toBe(
      `The feed answered POST with a redirect (HTTP 307) to ${at('cdn.public.test', b.baseUrl, '/ok')}; a POST is not repeated at another address.`,
    );
    expect(seen).toEqual([]);
  });
});

describe('bodies', () => {
  it("Node's own FormData is sent as multipart (the undici package's fetch would not know it)", async () => {
    let received = '';
    a.on('/upload', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received = `${req.headers['content-type'] ?? ''}\n${Buffer.concat(chunks).toString('utf8')}`;
        res.writeHead(201).end();
      });
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([104, 105])], { type: 'image/png' }), 'hi.png');
    form.append('alt_text', 'A heat pump');
    const answer = await get(`${a.baseUrl}/upload`, { method: 'POST', body: form });
    expect(answer.response.status).toBe(201);
    expect(received).toMatch(/^multipart\/form-data; boundary=/);
    expect(received).toContain('name="file"; filename="hi.png"');
    expect(received).toContain('A heat pump');
  });
});
