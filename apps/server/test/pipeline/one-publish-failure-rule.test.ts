import { manualGenerateResponseSchema } from '@abp/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { insertArticle } from '../articles/article-fixtures.js';
import { articleRow, publish, useFakeWordPress } from '../articles/publish-helpers.js';
import { bulkPayload, isFinal, jobResults, startedJob, waitForJob } from '../bulk-jobs/bulk-helpers.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';

/*
 * Issue #14: whichever way an article came, a publish that WordPress refuses for good leaves the
 * same article behind — the status it had (a draft), no post, and the reason on the article — and
 * the next successful publish clears the reason. The scheduler and the trend monitor are held to
 * the same rule in scheduler-exactly-once.test.ts and trend-failures.test.ts.
 */
let t: TestApp;
let cookie: string;
let wordpress: FakeWordPress;
let siteId: number;

const refusal = () =>
  new WordPressError('missing_capability', {
    status: 403,
    wpCode: 'rest_cannot_create',
    message: 'Sorry, you are not allowed to create posts as this user.',
  });
const REASON = /^Publishing failed: WordPress post create failed: Sorry, you are not allowed to create posts/;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  siteId = (await createSite(t, cookie, { name: 'Rule Blog' })).id;
});
beforeEach(() => {
  wordpress = useFakeWordPress(t);
});
afterAll(async () => t.close());

async function expectTheRule(articleId: number) {
  const article = await articleRow(t, articleId);
  expect(article).toMatchObject({ status: 'draft', wordpressPostId: null, publishCreatePending: false });
  expect(article.failureReason).toMatch(REASON);
  expect(wordpress.store.posts.size).toBe(0);
}

describe('one rule for a publish WordPress refuses for good', () => {
  it('manual generation: the draft stays, with the reason; the answer says it too', async () => {
    wordpress.failAlways('posts.create', refusal());
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, 'Rule of mulch', { publishStatus: 'publish', includeImages: false }),
    );
    expect(res.statusCode).toBe(200);
    const { data } = manualGenerateResponseSchema.parse(res.json());
    expect(data).toMatchObject({ status: 'draft', wordpress_post_id: null });
    expect(data.publish_error).toMatch(/not allowed to create posts/);
    await expectTheRule(data.article_id);
  });

  it('a bulk item: the draft stays, with the reason; the item says it too', async () => {
    wordpress.failAlways('posts.create', refusal());
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, 'Rule of compost', { publishStatus: 'publish' }));
    await waitForJob(t, cookie, jobId, isFinal);
    const [failed] = (await jobResults(t, cookie, jobId)).results.failed;
    expect(failed?.error).toMatch(/not allowed to create posts/);
    await expectTheRule(failed!.article_id!);
  });

  it("the Articles screen's Publish: the draft stays, with the reason; a later publish that succeeds clears it", async () => {
    const article = await insertArticle(t, { siteId, title: 'Rule of raised beds' });
    wordpress.failNext('posts.create', refusal());
    const refused = await publish(t, cookie, article.id, { site_id: siteId, send_as: 'draft' });
    expect(refused.statusCode).toBe(424);
    expect(refused.json()).toMatchObject({
      code: 'wordpress_error',
      details: { kind: 'missing_capability', retryable: false, outcome_unknown: false, step: 'post create' },
    });
    await expectTheRule(article.id);

    const published = await publish(t, cookie, article.id, { site_id: siteId, send_as: 'draft' });
    expect(published.statusCode).toBe(200);
    expect(await articleRow(t, article.id)).toMatchObject({
      status: 'draft',
      failureReason: null,
      wordpressPostId: published.json().wordpress_post_id,
    });
  });
});
