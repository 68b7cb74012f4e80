import { MANUAL_MESSAGES, TASK_TYPES } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/db/schema/index.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { articleCount, generate, manualPayload } from './manual-helpers.js';

let t: TestApp;
let cookie: string;
let siteId: number;

// One app for the file: refused requests change nothing, and the few that store say how many they add.
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  useFakeWordPress(t);
  siteId = (await createSite(t, cookie)).id;
});
afterAll(() => t.close());

describe('GET /api/manual/task-types', () => {
  it('lists the eight task types of the spec, in order', async () => {
    const res = await t.request({ method: 'GET', url: '/api/manual/task-types', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([...TASK_TYPES]);
    expect(res.json()).toHaveLength(8);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/manual/task-types' })).statusCode).toBe(401);
    expect((await generate(t, '', manualPayload(siteId, 'Some topic'))).statusCode).toBe(401);
  });
});

describe('POST /api/manual/generate validation', () => {
  const withTopic = (topic: unknown) => ({ ...manualPayload(0, 'x'), topic });

  it.each([
    [
      'a missing topic',
      (id: number) => ({ ...manualPayload(id, 'x'), topic: undefined }),
      'body.topic',
      'Topic is required',
    ],
    [
      'a two-character topic',
      (id: number) => ({ ...withTopic('ab'), site_id: id }),
      'body.topic',
      MANUAL_MESSAGES.topicTooShort,
    ],
    [
      'a blank topic',
      (id: number) => ({ ...withTopic('     '), site_id: id }),
      'body.topic',
      MANUAL_MESSAGES.topicTooShort,
    ],
    [
      'a 201-character topic',
      (id: number) => ({ ...withTopic('t'.repeat(201)), site_id: id }),
      'body.topic',
      MANUAL_MESSAGES.topicTooLong,
    ],
    [
      'a missing site',
      () => ({ ...manualPayload(0, 'Valid topic'), site_id: undefined }),
      'body.site_id',
      MANUAL_MESSAGES.siteIdRequired,
    ],
    ['site 0', () => manualPayload(0, 'Valid topic'), 'body.site_id', MANUAL_MESSAGES.siteIdInvalid],
    ['a negative site', () => manualPayload(-3, 'Valid topic'), 'body.site_id', MANUAL_MESSAGES.siteIdInvalid],
    ['a fractional site', () => manualPayload(1.5, 'Valid topic'), 'body.site_id', MANUAL_MESSAGES.siteIdInvalid],
    [
      'a text site',
      () => ({ ...manualPayload(0, 'Valid topic'), site_id: 'garden' }),
      'body.site_id',
      MANUAL_MESSAGES.siteIdInvalid,
    ],
    [
      'a huge site id',
      () => manualPayload(2_147_483_648, 'Valid topic'),
      'body.site_id',
      MANUAL_MESSAGES.siteIdTooLarge,
    ],
    [
      'an unknown task type',
      (id: number) => ({ ...manualPayload(id, 'Valid topic'), task_type: 'Poem' }),
      'body.task_type',
      'Unknown task type',
    ],
    [
      '499 words',
      (id: number) => manualPayload(id, 'Valid topic', { wordCount: 499 }),
      'body.options.wordCount',
      'between 500 and 5000',
    ],
    [
      '5,001 words',
      (id: number) => manualPayload(id, 'Valid topic', { wordCount: 5001 }),
      'body.options.wordCount',
      'between 500 and 5000',
    ],
    [
      'a text word count',
      (id: number) => manualPayload(id, 'Valid topic', { wordCount: 'many' }),
      'body.options.wordCount',
      'must be a number',
    ],
    [
      'a flat word count over 5,000',
      (id: number) => ({ topic: 'Valid topic', site_id: id, wordCount: 9000 }),
      'body.wordCount',
      'between 500 and 5000',
    ],
    [
      'an unknown publish status',
      (id: number) => manualPayload(id, 'Valid topic', { publishStatus: 'live' }),
      'body.options.publishStatus',
      'draft or publish',
    ],
    [
      'a non-boolean includeImages',
      (id: number) => manualPayload(id, 'Valid topic', { includeImages: 'yes' }),
      'body.options.includeImages',
      'true or false',
    ],
    [
      'a 501-character persona',
      (id: number) => manualPayload(id, 'Valid topic', { persona: 'p'.repeat(501) }),
      'body.options.persona',
      'at most 500',
    ],
    // Issue #31 §4: a setting given both flat and in options must be one value.
    [
      'two different word counts',
      (id: number) => manualPayload(id, 'Valid topic', { wordCount: 1200 }, { wordCount: 800 }),
      'body.wordCount',
      'Word count is given twice with different values (800 here, 1200 in options.wordCount)',
    ],
    [
      'two different publish statuses',
      (id: number) => manualPayload(id, 'Valid topic', { publishStatus: 'draft' }, { publishStatus: 'publish' }),
      'body.publishStatus',
      'given twice',
    ],
    [
      'a JPEG data URL as image',
      (id: number) => manualPayload(id, 'Valid topic', { selectedImageDataUrl: 'data:image/jpeg;base64,/9j/4AAQ' }),
      'body.options.selectedImageDataUrl',
      'PNG data URL',
    ],
  ])('refuses %s with a 400 naming the field', async (_label, payload, field, message) => {
    const before = await articleCount(t);
    const res = await generate(t, cookie, payload(siteId));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; error: string; details: Array<{ field: string; message: string }> };
    expect(body.code).toBe('validation');
    expect(body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, message: expect.stringContaining(message) })]),
    );
    expect(body.error).toContain(field);
    expect(await articleCount(t)).toBe(before);
  });

  it('accepts a 200-character topic and a 3-character one', async () => {
    const before = await articleCount(t);
    for (const topic of ['abc', 'a'.repeat(200)]) {
      const res = await generate(t, cookie, manualPayload(siteId, topic, { includeImages: false, wordCount: 500 }));
      expect(res.statusCode).toBe(200);
    }
    expect(await articleCount(t)).toBe(before + 2);
  });

  it('refuses a site that does not exist, naming site_id', async () => {
    const before = await articleCount(t);
    const res = await generate(t, cookie, manualPayload(siteId + 100, 'Valid topic'));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'site_id', message: `no site with id ${siteId + 100} exists` }]);
    expect(await articleCount(t)).toBe(before);
  });

  it('refuses an inactive site, naming site_id and the site', async () => {
    const inactive = (await createSite(t, cookie, { name: 'Dormant Blog', url: 'https://dormant.example' })).id;
    await t.ctx.handle.db.update(sites).set({ isActive: false }).where(eq(sites.id, inactive));
    const before = await articleCount(t);
    const res = await generate(t, cookie, manualPayload(inactive, 'Valid topic'));
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({
      field: 'site_id',
      message: expect.stringContaining('"Dormant Blog" is inactive'),
    });
    expect(await articleCount(t)).toBe(before);
  });

  it('refuses a malformed PNG data URL that only claims to be a PNG', async () => {
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, 'Valid topic', {
        selectedImageDataUrl: `data:image/png;base64,${Buffer.from('not really a png image at all').toString('base64')}`,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ field: 'options.selectedImageDataUrl', message: 'is not a PNG image' });
  });

  it('checks an image data URL at its longest (10,000,000 characters) without a regular expression that backtracks', async () => {
    // CI once answered this with a 500: V8 ran out of backtrack stack in `[…]+$` over the whole text.
    const body = 'A'.repeat(10_000_000 - 23);
    for (const [image, accepted] of [
      [`data:image/png;base64,${body}=`, true],
      [`data:image/png;base64,${body}!`, false],
      [`data:image/gif;base64,${body}=`, false],
      ['data:image/png;base64,', false],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/manual/generate',
        cookie,
        payload: { topic: 'x', site_id: siteId, options: { selectedImageDataUrl: image } },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      const fields = (res.json().details as Array<{ field: string }>).map((d) => d.field);
      expect(fields).toContain('body.topic');
      expect(fields.includes('body.options.selectedImageDataUrl')).toBe(!accepted);
    }
  });
});
