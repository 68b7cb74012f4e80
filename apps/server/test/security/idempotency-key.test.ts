import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualGenerateResponseSchema } from '@abp/contracts';
import type { FakeWordPress } from '../../src/integrations/wordpress/index.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { articleCount, manualPayload } from '../manual/manual-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Issue #17 item 4: two clicks 237 ms apart on "Push to WordPress" made two articles and two
 * WordPress posts. The web app now sends one Idempotency-Key per form submission, and the server
 * does a POST once per key. Before the fix, the two requests below made two articles.
 */
let t: TestApp;
let cookie: string;
let wordpress: FakeWordPress;
let siteId: number;

const generate = (key: string | undefined, topic = 'Composting in small gardens') =>
  t.request({ method: 'POST', url: '/api/manual/generate', payload: manualPayload(siteId, topic), cookie, headers: key ? { 'idempotency-key': key } : {} });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  wordpress = useFakeWordPress(t);
  siteId = (await createSite(t, cookie, { name: 'Garden Blog' })).id;
});
afterAll(() => t.close());

describe('Idempotency-Key on create-type requests', () => {
  it('two submissions with one key, 237 ms apart, make one article and one post', async () => {
    const before = await articleCount(t);
    const first = generate('submission-0001');
    await new Promise((resolve) => setTimeout(resolve, 237));
    const second = generate('submission-0001');
    const answers = await Promise.all([first, second]);
    expect(await articleCount(t)).toBe(before + 1);
    expect(wordpress.store.posts.size).toBe(1);
    const [a, b] = answers;
    expect(a!.statusCode).toBe(200);
    // The second either waited for nothing (409 while the first runs) or got the first one's answer.
    if (b!.statusCode === 200) {
      expect(b!.headers['idempotent-replayed']).toBe('true');
      expect(b!.json()).toEqual(a!.json());
    } else {
      expect(b!.statusCode).toBe(409);
      expect(b!.json().error).toMatch(/already being processed/);
      expect(b!.headers['retry-after']).toBe('2');
    }
  });

  it('a request sent again with its key gets the first answer, not a second article', async () => {
    const before = await articleCount(t);
    const first = await generate('submission-0002', 'Raised beds for beginners');
    const again = await generate('submission-0002', 'Raised beds for beginners');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(manualGenerateResponseSchema.parse(again.json()).data.article_id).toBe(manualGenerateResponseSchema.parse(first.json()).data.article_id);
    expect(await articleCount(t)).toBe(before + 1);
  });

  it('without a key, or with a new key, each request is done', async () => {
    const before = await articleCount(t);
    await generate(undefined, 'Mulch in winter');
    await generate('submission-0003', 'Mulch in winter');
    expect(await articleCount(t)).toBe(before + 2);
  });

  it('a key reused for another request is refused (409), a malformed key is a 400 naming the header', async () => {
    const reused = await t.request({ method: 'POST', url: '/api/sites', cookie, headers: { 'idempotency-key': 'submission-0002' }, payload: { name: 'x', url: 'https://x.example', username: 'u', password: 'abcd efgh ijkl mnop qrst uvwx' } });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toMatch(/already used for another request/);
    const bad = await generate('short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('headers.idempotency-key');
  });

  it('a refused request (400 from validation) stores nothing: the key stays free', async () => {
    const invalid = await t.request({ method: 'POST', url: '/api/manual/generate', cookie, headers: { 'idempotency-key': 'submission-0004' }, payload: { topic: '' } });
    expect(invalid.statusCode).toBe(400);
    const before = await articleCount(t);
    const valid = await generate('submission-0004', 'Worm bins');
    expect(valid.statusCode).toBe(200);
    expect(await articleCount(t)).toBe(before + 1);
  });
});
