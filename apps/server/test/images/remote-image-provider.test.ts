import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FeaturedImageRequest,
  RemoteImageProvider,
  type RemoteImageProviderOptions,
} from '../../src/integrations/images/index.js';
import { at, testNetwork } from '../outbound/test-network.js';
import { FeedServer } from '../trends/feed-server.js';
import { closedPort } from '../wordpress/fake-server.js';
import { type FakeImagesServer, pngSize, samplePng, startFakeImagesServer } from './fake-images-server.js';

const KEY = 'sk-test-images-0123456789';
const request: FeaturedImageRequest = {
  title: 'Heat Pumps in Older Homes',
  topic: 'retrofitting heat pumps',
  taskType: 'Blog Post',
  keywords: ['heat pump', 'insulation'],
};
const TITLE_CARD = { width: 1200, height: 630 };

let server: FakeImagesServer;
let png: Buffer;
beforeAll(async () => {
  png = await samplePng();
  server = await startFakeImagesServer(() => ({ type: 'b64', bytes: png }));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.downloads.length = 0;
});

const provider = (overrides: Partial<RemoteImageProviderOptions> = {}) =>
  new RemoteImageProvider({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    model: 'dall-e-3',
    size: '1024x1024',
    timeoutMs: 10_000,
    ...overrides,
  });

describe('remote image provider (OpenAI images API)', () => {
  it('returns the base64 PNG it was sent, asking with the key, model, size and a no-text prompt', async () => {
    server.setHandler(() => ({ type: 'b64', bytes: png }));
    const image = await provider().createFeaturedImage(request);
    expect(image.png.equals(png)).toBe(true);
    expect(image).toMatchObject({
      alt: request.title,
      filename: 'heat-pumps-in-older-homes.png',
      width: 64,
      height: 40,
    });
    expect(image.warnings).toBeUndefined();
    const [sent] = server.requests;
    expect(sent?.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toMatchObject({ model: 'dall-e-3', size: '1024x1024', n: 1, response_format: 'b64_json' });
    expect(sent?.body.prompt).toContain('"Heat Pumps in Older Homes"');
    expect(sent?.body.prompt).toContain('retrofitting heat pumps');
    expect(sent?.body.prompt).toMatch(/must not contain any text/);
  });

  it('sends no Authorization header when no key is configured (local servers)', async () => {
    server.setHandler(() => ({ type: 'b64', bytes: png }));
    const local = new RemoteImageProvider({
      baseUrl: `${server.baseUrl}/`,
      model: 'sdxl',
      size: 'auto',
      timeoutMs: 10_000,
    });
    expect((await local.createFeaturedImage(request)).png.equals(png)).toBe(true);
    expect(server.requests[0]?.authorization).toBeUndefined();
    expect(server.requests[0]?.body.size).toBe('auto');
  });

  it('does not send response_format to gpt-image models, which reject it', async () => {
    server.setHandler(() => ({ type: 'b64', bytes: png }));
    await provider({ model: 'gpt-image-1', size: '1536x1024' }).createFeaturedImage(request);
    expect(server.requests[0]?.body).not.toHaveProperty('response_format');
    expect(server.requests[0]?.body).toMatchObject({ model: 'gpt-image-1', size: '1536x1024' });
  });

  it('asks again without response_format when the server says it is unknown', async () => {
    server.setHandler((sent) =>
      'response_format' in sent.body
        ? {
            type: 'error',
            status: 400,
            body: { error: { message: "Unknown parameter: 'response_format'.", type: 'invalid_request_error' } },
          }
        : { type: 'b64', bytes: png },
    );
    const image = await provider({ model: 'new-model' }).createFeaturedImage(request);
    expect(image.png.equals(png)).toBe(true);
    expect(server.requests.map((r) => 'response_format' in r.body)).toEqual([true, false]);
  });

  it('downloads data[0].url when the answer carries a URL, without sending the key there', async () => {
    server.setHandler(() => ({ type: 'url', bytes: png }));
    const image = await provider().createFeaturedImage(request);
    expect(image.png.equals(png)).toBe(true);
    expect(server.downloads).toEqual([undefined]);
  });

  describe('falls back to the title card and says why', () => {
    const expectTitleCard = (
      image: Awaited<ReturnType<RemoteImageProvider['createFeaturedImage']>>,
      reason: RegExp,
    ) => {
      expect(pngSize(image.png)).toEqual(TITLE_CARD);
      expect(image).toMatchObject({ ...TITLE_CARD, filename: 'heat-pumps-in-older-homes.png', alt: request.title });
      expect(image.warnings).toHaveLength(1);
      expect(image.warnings?.[0]).toMatch(/^Image provider openai-compatible \(dall-e-3\) failed: /);
      expect(image.warnings?.[0]).toMatch(/the title-card image was used instead$/);
      expect(image.warnings?.[0]).toMatch(reason);
    };

    it('on an HTTP 500, quoting the server', async () => {
      server.setHandler(() => ({
        type: 'error',
        status: 500,
        body: { error: { message: 'The server had an error while processing your request.' } },
      }));
      expectTitleCard(
        await provider().createFeaturedImage(request),
        /HTTP 500: The server had an error while processing your request\./,
      );
      expect(server.requests).toHaveLength(1);
    });

    it('on a timeout', async () => {
      server.setHandler(() => ({ type: 'hang' }));
      const started = Date.now();
      expectTitleCard(await provider({ timeoutMs: 1000 }).createFeaturedImage(request), /no answer within 1000 ms/);
      expect(Date.now() - started).toBeLessThan(8000);
    });

    it('when the bytes are not an image', async () => {
      server.setHandler(() => ({ type: 'b64', bytes: Buffer.from('<html>not an image</html>') }));
      expectTitleCard(await provider().createFeaturedImage(request), /not an image/);
    });

    it('when the image is not a PNG (the upload path stores PNG only)', async () => {
      server.setHandler(() => ({
        type: 'b64',
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]),
      }));
      expectTitleCard(await provider().createFeaturedImage(request), /is a JPEG; only PNG/);
    });

    it('when the PNG is truncated', async () => {
      server.setHandler(() => ({ type: 'url', bytes: png.subarray(0, png.length - 20) }));
      expectTitleCard(await provider().createFeaturedImage(request), /truncated/);
    });

    it('when the downloaded image is larger than the cap', async () => {
      server.setHandler(() => ({ type: 'url', bytes: png }));
      expectTitleCard(
        await provider({ maxImageBytes: 100 }).createFeaturedImage(request),
        /more than the limit of 100/,
      );
    });

    it('when the answer has no image in it', async () => {
      server.setHandler(() => ({ type: 'json', body: { data: [] } }));
      expectTitleCard(await provider().createFeaturedImage(request), /no data\[0\]\.b64_json or data\[0\]\.url/);
    });

    it('when nothing listens at the address', async () => {
      const port = await closedPort();
      expectTitleCard(
        await provider({ baseUrl: `http://127.0.0.1:${port}/v1` }).createFeaturedImage(request),
        /ECONNREFUSED/,
      );
    });

    it('on a 401, without repeating the key the server echoed', async () => {
      server.setHandler(() => ({
        type: 'error',
        status: 401,
        body: { error: { message: `Incorrect API key provided: ${KEY}.` } },
      }));
      const image = await provider().createFeaturedImage(request);
      expectTitleCard(image, /HTTP 401: Incorrect API key provided: \[redacted\]/);
      expect(image.warnings?.join(' ')).not.toContain(KEY);
    });
  });

  describe('under the outbound rule', () => {
    const port = () => new URL(server.baseUrl).port;
    const warningOf = async (image: Promise<Awaited<ReturnType<RemoteImageProvider['createFeaturedImage']>>>) => {
      const result = await image;
      expect(pngSize(result.png)).toEqual(TITLE_CARD);
      return result.warnings?.[0] ?? '';
    };

    it('an image URL that redirects within the server is followed', async () => {
      server.file('real.png', png);
      server.redirect('/files/moved.png', '/files/real.png', 301);
      server.setHandler(() => ({ type: 'url-to', url: `${server.baseUrl.replace(/\/v1$/, '')}/files/moved.png` }));
      const image = await provider().createFeaturedImage(request);
      expect(image.png.equals(png)).toBe(true);
      expect(server.downloads).toEqual([undefined, undefined]);
    });

    it('an image URL that redirects to another local server is not followed; the warning says why', async () => {
      server.file('real.png', png);
      const elsewhere = `http://localhost:${port()}/files/real.png`;
      server.redirect('/files/away.png', elsewhere);
      server.setHandler(() => ({ type: 'url-to', url: `${server.baseUrl.replace(/\/v1$/, '')}/files/away.png` }));
      const warning = await warningOf(provider().createFeaturedImage(request));
      expect(warning).toMatch(
        /^Image provider openai-compatible \(dall-e-3\) failed: The image server redirected to http:\/\/localhost:\d+\/files\/real\.png \(its name resolves to (127\.0\.0\.1|::1)\), a loopback address; it was not followed; the title-card image was used instead$/,
      );
      expect(server.downloads).toEqual([undefined]);
    });

    it('an image URL on another origin at a loopback address is not fetched at all', async () => {
      server.file('real.png', png);
      server.setHandler(() => ({ type: 'url-to', url: `http://[::ffff:127.0.0.1]:${port()}/files/real.png` }));
      const warning = await warningOf(provider().createFeaturedImage(request));
      expect(warning).toContain(
        `failed: The image server pointed to http://[::ffff:7f00:1]:${port()}/files/real.png, a loopback address; it was not fetched;`,
      );
      expect(server.downloads).toEqual([]);
    });

    it('the API answering its POST with a redirect to another server: neither the key nor the prompt goes there', async () => {
      const other = await FeedServer.start();
      try {
        const received: string[] = [];
        other.on('/v1/images/generations', (req, res) => {
          received.push(`${req.method} ${req.headers.authorization ?? 'no key'}`);
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ data: [{ b64_json: png.toString('base64') }] }));
        });
        server.redirect('/v1/images/generations', `${other.baseUrl}/v1/images/generations`, 307);
        const image = await provider().createFeaturedImage(request);
        expect(received).toEqual([]);
        const warning = await warningOf(Promise.resolve(image));
        expect(warning).toContain(
          `failed: The image server answered POST with a redirect (HTTP 307) to ${other.baseUrl}/v1/images/generations; a POST is not repeated at another address;`,
        );
      } finally {
        server.redirect('/v1/images/generations', '', 0);
        await other.close();
      }
    });

    describe('with a public image server (public.test, a pretend public name on 127.0.0.1)', () => {
      const net = testNetwork();
      const publicProvider = () =>
        provider({ baseUrl: at('public.test', server.baseUrl, '/v1'), outbound: net.outbound });
      afterAll(() => net.outbound.close());

      it('an image URL on a CDN that redirects again is downloaded, and the key goes to neither', async () => {
        const cdnFile = at('cdn.public.test', server.baseUrl, '/files/real.png');
        server.file('real.png', png);
        server.redirect('/files/cdn.png', cdnFile);
        server.setHandler(() => ({ type: 'url-to', url: at('cdn.public.test', server.baseUrl, '/files/cdn.png') }));
        const image = await publicProvider().createFeaturedImage(request);
        expect(image.png.equals(png)).toBe(true);
        expect(server.requests.map((r) => r.authorization)).toEqual([`Bearer ${KEY}`]);
        expect(server.downloads).toEqual([undefined, undefined]);
      });

      it.each([
        ['http://169.254.169.254/latest/meta-data/iam/', 'a link-local address'],
        ['http://10.0.0.5/image.png', 'a private address'],
        ['http://127.0.0.1:{port}/files/real.png', 'a loopback address'],
      ])('an image URL at %s is not fetched (%s)', async (template, words) => {
        const url = template.replace('{port}', port());
        server.setHandler(() => ({ type: 'url-to', url }));
        const sentBefore = net.sent.length;
        const warning = await warningOf(publicProvider().createFeaturedImage(request));
        const shown = new URL(url);
        expect(warning).toContain(
          `failed: The image server pointed to ${shown.origin}${shown.pathname}, ${words}; it was not fetched;`,
        );
        expect(net.sent.slice(sentBefore)).toEqual([at('public.test', server.baseUrl, '/v1/images/generations')]);
      });

      it('an image URL redirecting to a name that resolves to a metadata address is refused when connecting', async () => {
        server.file('real.png', png);
        server.redirect('/files/to-metadata.png', at('metadata.test', server.baseUrl, '/files/real.png'));
        server.setHandler(() => ({ type: 'url-to', url: at('public.test', server.baseUrl, '/files/to-metadata.png') }));
        const warning = await warningOf(publicProvider().createFeaturedImage(request));
        expect(warning).toContain(
          `failed: The image server redirected to ${at('metadata.test', server.baseUrl, '/files/real.png')} (its name resolves to 127.0.0.1), a link-local address; it was not followed;`,
        );
        expect(server.downloads).toEqual([undefined]);
      });
    });
  });

  it('stops, without a fallback, when the generation is cancelled', async () => {
    server.setHandler(() => ({ type: 'hang' }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 200);
    await expect(provider().createFeaturedImage({ ...request, signal: controller.signal })).rejects.toThrow();
  });
});
