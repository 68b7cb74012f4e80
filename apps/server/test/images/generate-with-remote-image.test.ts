import { generationLogSchema } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSite } from '../articles/article-fixtures.js';
import { storedGeneration } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { type FakeImagesServer, pngSize, samplePng, startFakeImagesServer } from './fake-images-server.js';

// IMAGE_PROVIDER=openai-compatible, wired by the container, through services.generation.generateAndStore().
let server: FakeImagesServer;
let t: TestApp;
let siteId: number;
let png: Buffer;
beforeAll(async () => {
  png = await samplePng(96, 54, '#0ea5e9');
  server = await startFakeImagesServer(() => ({ type: 'b64', bytes: png }));
  t = await createTestApp({
    config: {
      images: {
        provider: 'openai-compatible',
        baseUrl: server.baseUrl,
        apiKey: 'sk-wired',
        model: 'gpt-image-1',
        size: '1536x1024',
        timeoutMs: 5_000,
      },
    },
  });
  siteId = (await insertSite(t, { name: 'Image Site' })).id;
});
afterAll(async () => {
  await t.close();
  await server.close();
});

const generate = (topic: string) =>
  t.services.generation.generateAndStore({
    siteId,
    topic,
    taskType: 'Blog Post',
    persona: '',
    wordCount: 600,
    includeImages: true,
    origin: 'manual',
  });

describe('generateAndStore with a remote image provider', () => {
  it('stores the remote image as the featured image', async () => {
    const result = await generate('Balcony vegetable gardens');
    expect(result.status).toBe('draft');
    const stored = await storedGeneration(t, result.articleId);
    expect(Buffer.from(stored.image!.png, 'base64').equals(png)).toBe(true);
    expect(stored.image!.filename).toMatch(/\.png$/);
    expect(server.requests.at(-1)).toMatchObject({
      authorization: 'Bearer sk-wired',
      body: { model: 'gpt-image-1', size: '1536x1024', n: 1 },
    });
    expect(server.requests.at(-1)?.body.prompt).toContain(result.title);
    const log = generationLogSchema.parse(stored.log);
    expect(log.steps).toContainEqual(
      expect.objectContaining({ step: 'featured image (openai-compatible)', status: 'success' }),
    );
    expect(log.warnings).toEqual([]);
  });

  it('stores the title card, and a warning in the Generation log, when the provider fails', async () => {
    server.setHandler(() => ({ type: 'error', status: 503, body: { error: { message: 'Image service overloaded' } } }));
    const result = await generate('Rainwater barrels for small gardens');
    expect(result.status).toBe('draft');
    const stored = await storedGeneration(t, result.articleId);
    expect(pngSize(Buffer.from(stored.image!.png, 'base64'))).toEqual({ width: 1200, height: 630 });
    const log = generationLogSchema.parse(stored.log);
    expect(log.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(
        /^Image provider openai-compatible \(gpt-image-1\) failed: HTTP 503: Image service overloaded; the title-card image was used instead$/,
      ),
    );
    expect(JSON.stringify(log)).not.toContain('sk-wired');
  });

  it('says in the Generation log when the image URL redirected to an address the outbound rule does not follow', async () => {
    const origin = server.baseUrl.replace(/\/v1$/, '');
    server.file('elsewhere.png', png);
    server.redirect('/files/moved.png', `http://localhost:${new URL(origin).port}/files/elsewhere.png`);
    server.setHandler(() => ({ type: 'url-to', url: `${origin}/files/moved.png` }));
    const result = await generate('Window boxes for herbs');
    const stored = await storedGeneration(t, result.articleId);
    expect(pngSize(Buffer.from(stored.image!.png, 'base64'))).toEqual({ width: 1200, height: 630 });
    const log = generationLogSchema.parse(stored.log);
    expect(log.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(
        /^Image provider openai-compatible \(gpt-image-1\) failed: The image server redirected to http:\/\/localhost:\d+\/files\/elsewhere\.png \(its name resolves to (127\.0\.0\.1|::1)\), a loopback address; it was not followed; the title-card image was used instead$/,
      ),
    );
  });
});
