import type { QualityReport, ReviewDecisionResult, ReviewListResponse } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, backlinkProposals, modelCalls } from '../../src/db/schema/index.js';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { goodContent, insertArticle, insertSite } from '../articles/article-fixtures.js';
import { articleRow, publish, useFakeWordPress } from '../articles/publish-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';

/*
 * The Review inbox (issue #33) through HTTP. Waiting marks are set with the article store's
 * markWaiting (the pipeline's job, the policy engineer's part); WordPress is the in-memory fake
 * (the real WordPress is in review-real-wordpress.test.ts).
 */
describe('the Review inbox API', () => {
  let t: TestApp;
  let cookie: string;
  let fake: FakeWordPress;
  let siteA: number;
  let siteB: number;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    fake = useFakeWordPress(t);
    siteA = (await insertSite(t, { name: 'Garden Site' })).id;
    siteB = (await insertSite(t, { name: 'Kitchen Site' })).id;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // Each test starts with an empty inbox: nothing else waits.
    await t.ctx.handle.db.update(articles).set({ reviewReason: null, reviewSince: null, releaseAt: null });
    await t.ctx.handle.db.delete(backlinkProposals);
    fake.clearFailures();
  });

  const get = async <T>(url: string) => {
    const res = await t.request({ method: 'GET', url, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const decide = (action: 'approve' | 'reject' | 'hold', payload: unknown) =>
    t.request({ method: 'POST', url: `/api/review/${action}`, cookie, payload: payload as Record<string, unknown> });
  const decided = async (action: 'approve' | 'reject' | 'hold', payload: unknown) => {
    const res = await decide(action, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReviewDecisionResult;
  };
  /** An article waiting for `reason`, `minutesAgo` minutes in the queue. */
  async function waiting(
    reason: 'held' | 'delayed' | 'quality_gate' | 'budget' | 'agent',
    minutesAgo: number,
    values: Parameters<typeof insertArticle>[1] = {},
    releaseAt: Date | null = null,
  ) {
    const article = await insertArticle(t, { siteId: siteA, ...values });
    await t.services.articleStore.markWaiting(article.id, reason, { releaseAt });
    await t.ctx.handle.db
      .update(articles)
      .set({ reviewSince: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(articles.id, article.id));
    return article;
  }
  async function proposal(siteId: number, minutesAgo: number, values: Partial<typeof backlinkProposals.$inferInsert>) {
    const [row] = await t.ctx.handle.db
      .insert(backlinkProposals)
      .values({
        siteId,
        articleId: null,
        targetWpId: 7,
        targetTitle: 'Orphan post on compost tea',
        targetLink: 'https://garden.example/compost-tea/',
        sourceWpId: 8,
        sourceTitle: 'Older post on soil',
        sourceLink: 'https://garden.example/soil/',
        paragraphIndex: 0,
        paragraphText: 'Many gardeners brew compost tea in spring.',
        anchor: 'compost tea',
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        ...values,
      })
      .returning();
    return row!;
  }

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/review'],
      ['GET', '/api/review/summary'],
      ['POST', '/api/review/approve'],
      ['POST', '/api/review/reject'],
      ['POST', '/api/review/hold'],
    ] as const) {
      const res = await t.request({ method, url, payload: method === 'POST' ? { items: [] } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists what waits across sites, oldest first, with filters, paging, report, duplicates, links and cost', async () => {
    const report: QualityReport = {
      severity: 'severe',
      message: 'Blocked',
      issues: [
        {
          rule: 'already_on_site',
          severity: 'severe',
          message: 'The site already has a post on this subject.',
          existing_post: { title: 'Soil basics', link: 'https://garden.example/soil-basics/', site_name: null },
        },
      ],
      warnings: [],
      blocking: true,
    };
    const gate = await waiting('quality_gate', 60, {
      content: `${goodContent('loam')}<p>See <a href="https://garden.example/loam/">our loam guide</a>.</p>`,
      qualityReport: report,
    });
    const held = await waiting('held', 30, { siteId: siteB });
    const release = new Date(Date.now() + 3 * 3600_000);
    const delayed = await waiting('delayed', 10, {}, release);
    const link = await proposal(siteB, 45, {});
    await insertArticle(t, { siteId: siteA }); // not waiting: never listed
    await t.ctx.handle.db.insert(modelCalls).values({
      provider: 'openai-compatible',
      model: 'fake-model',
      inputTokens: 1200,
      outputTokens: 800,
      costNanos: 4_500_000,
      outcome: 'ok',
      articleId: gate.id,
      siteId: siteA,
    });

    const all = await get<ReviewListResponse>('/api/review');
    expect(all.total).toBe(4);
    expect(all.items.map((item) => [item.kind, item.id])).toEqual([
      ['article', gate.id],
      ['link', link.id],
      ['article', held.id],
      ['article', delayed.id],
    ]);
    const [first, second, third, fourth] = all.items;
    expect(first).toMatchObject({
      site_id: siteA,
      site_name: 'Garden Site',
      reason: 'quality_gate',
      reason_label: 'Quality gate objection',
      article_id: gate.id,
      usage: { calls: 1, input_tokens: 1200, output_tokens: 800, cost_usd: 0.0045 },
      duplicates: [
        { rule: 'already_on_site', title: 'Soil basics', link: 'https://garden.example/soil-basics/', site_name: null },
      ],
      links: [{ href: 'https://garden.example/loam/', text: 'our loam guide' }],
    });
    expect(first!.quality_report?.blocking).toBe(true);
    expect(second).toMatchObject({
      kind: 'link',
      site_name: 'Kitchen Site',
      reason: 'link_report',
      title: 'Link from “Older post on soil” to “Orphan post on compost tea”',
      link_proposal: { anchor: 'compost tea', target_link: 'https://garden.example/compost-tea/' },
    });
    expect(third).toMatchObject({ reason: 'held', site_name: 'Kitchen Site', release_at: null, usage: null });
    expect(fourth).toMatchObject({ reason: 'delayed', release_at: release.toISOString() });

    const newest = await get<ReviewListResponse>('/api/review?order=newest');
    expect(newest.items.map((item) => item.id)).toEqual([delayed.id, held.id, link.id, gate.id]);
    const page = await get<ReviewListResponse>('/api/review?limit=2&offset=1');
    expect(page).toMatchObject({ total: 4 });
    expect(page.items.map((item) => [item.kind, item.id])).toEqual([
      ['link', link.id],
      ['article', held.id],
    ]);
    const ofSiteB = await get<ReviewListResponse>(`/api/review?site_id=${siteB}`);
    expect(ofSiteB.items.map((item) => item.id)).toEqual([link.id, held.id]);
    const delayedOnly = await get<ReviewListResponse>('/api/review?reason=delayed');
    expect(delayedOnly).toMatchObject({ total: 1, items: [{ id: delayed.id }] });
    const linksOnly = await get<ReviewListResponse>('/api/review?reason=link_report');
    expect(linksOnly).toMatchObject({ total: 1, items: [{ kind: 'link', id: link.id }] });

    const summary = await get<{ count: number; oldest_since: string | null }>('/api/review/summary');
    expect(summary.count).toBe(4);
    expect(summary.oldest_since).toBe(first!.since);
  });

  it('an empty inbox: count 0, no oldest', async () => {
    expect(await get('/api/review/summary')).toEqual({ count: 0, oldest_since: null });
    expect(await get('/api/review')).toEqual({ items: [], total: 0 });
  });

  it('approve publishes now (a delayed one too), clears the mark, and the count drops', async () => {
    const held = await waiting('held', 20);
    const delayed = await waiting('delayed', 5, {}, new Date(Date.now() + 24 * 3600_000));
    const result = await decided('approve', {
      items: [
        { kind: 'article', id: held.id },
        { kind: 'article', id: delayed.id },
      ],
    });
    expect(result).toMatchObject({ done: 2, failed: 0 });
    for (const [index, article] of [held, delayed].entries()) {
      expect(result.results[index]).toMatchObject({ kind: 'article', id: article.id, ok: true, outcome: 'published' });
      const row = await articleRow(t, article.id);
      expect(row).toMatchObject({ status: 'published', reviewReason: null, reviewSince: null, releaseAt: null });
      expect(fake.store.posts.get(row.wordpressPostId!)!.status).toBe('publish');
      expect(result.results[index]!.wordpress_permalink).toBe(row.wordpressPermalink);
    }
    expect(await get('/api/review/summary')).toEqual({ count: 0, oldest_since: null });
  });

  it('approve and schedule: the post is scheduled on WordPress at that time', async () => {
    const held = await waiting('held', 20);
    const at = new Date(Date.now() + 2 * 24 * 3600_000);
    at.setUTCMilliseconds(0);
    const result = await decided('approve', {
      items: [{ kind: 'article', id: held.id }],
      schedule_at: at.toISOString(),
    });
    expect(result.results[0]).toMatchObject({ ok: true, outcome: 'scheduled' });
    const row = await articleRow(t, held.id);
    expect(row).toMatchObject({ status: 'scheduled', reviewReason: null, wordpressStatus: 'future' });
    expect(row.scheduledAt?.toISOString()).toBe(at.toISOString());
    const post = fake.store.posts.get(row.wordpressPostId!)!;
    expect(post.status).toBe('future');
    expect(new Date(`${post.date_gmt}Z`).toISOString()).toBe(at.toISOString());
  });

  it('a quality-gate objection is approved as "publish anyway"; a held one the gate blocks is refused', async () => {
    const blocked = { content: `${goodContent('peat')}<p>[insert a quote here]</p>` };
    const gate = await waiting('quality_gate', 20, blocked);
    const held = await waiting('held', 10, { content: `${goodContent('clay')}<p>[insert a quote here]</p>` });
    const result = await decided('approve', {
      items: [
        { kind: 'article', id: gate.id },
        { kind: 'article', id: held.id },
      ],
    });
    expect(result).toMatchObject({ done: 1, failed: 1 });
    expect(result.results[0]).toMatchObject({ id: gate.id, ok: true, outcome: 'published' });
    expect(result.results[1]).toMatchObject({ id: held.id, ok: false, outcome: 'refused' });
    expect(result.results[1]!.message).toContain('Publishing blocked by the quality gate');
    // Still waiting, now as the gate's objection: the operator has seen why, and approving again overrides it.
    expect((await articleRow(t, held.id)).reviewReason).toBe('quality_gate');
    const again = await decided('approve', { items: [{ kind: 'article', id: held.id }] });
    expect(again.results[0]).toMatchObject({ id: held.id, ok: true, outcome: 'published' });
  });

  it('approve and schedule that does not go out leaves the article as it was, still waiting', async () => {
    const held = await waiting('held', 10, { content: `${goodContent('loam')}<p>[insert a quote here]</p>` });
    const at = new Date(Date.now() + 3 * 86_400_000);
    const result = await decided('approve', {
      items: [{ kind: 'article', id: held.id }],
      schedule_at: at.toISOString(),
    });
    expect(result.results[0]).toMatchObject({ id: held.id, ok: false, outcome: 'refused' });
    // Not "scheduled" without a post on WordPress.
    expect(await articleRow(t, held.id)).toMatchObject({
      status: 'draft',
      scheduledAt: null,
      wordpressPostId: null,
      reviewReason: 'quality_gate',
    });
  });

  it('reject: back to draft with the reason kept, out of the inbox; a preview draft on WordPress is trashed', async () => {
    const plain = await waiting('held', 30);
    const previewed = await waiting('held', 20);
    // Sent to WordPress as a draft for preview (what send_held_as_draft does).
    const sent = await publish(t, cookie, previewed.id, { send_as: 'draft' });
    expect(sent.statusCode, sent.body).toBe(200);
    const postId = sent.json().wordpress_post_id as number;
    expect(fake.store.posts.get(postId)!.status).toBe('draft');

    const result = await decided('reject', {
      items: [
        { kind: 'article', id: plain.id },
        { kind: 'article', id: previewed.id },
      ],
      reason: 'Off topic for this site',
    });
    expect(result).toMatchObject({ done: 2, failed: 0 });
    expect(result.results[0]).toMatchObject({ ok: true, outcome: 'rejected', message: 'Rejected: back to draft' });
    expect(result.results[1]!.message).toContain('moved to the WordPress trash');
    expect(fake.store.posts.get(postId)!.status).toBe('trash');
    for (const article of [plain, previewed]) {
      expect(await articleRow(t, article.id)).toMatchObject({
        status: 'draft',
        reviewReason: null,
        reviewNote: 'Off topic for this site',
        wordpressPostId: null,
      });
      const view = await get<{ status: string }>(`/api/articles/${article.id}`);
      expect(view.status).toBe('draft');
    }
    expect(await get('/api/review')).toEqual({ items: [], total: 0 });
  });

  it('hold: a delayed article stops its countdown; a held one stays; others are refused', async () => {
    const delayed = await waiting('delayed', 30, {}, new Date(Date.now() + 3600_000));
    const held = await waiting('held', 20);
    const gate = await waiting('quality_gate', 10);
    const link = await proposal(siteA, 5, {});
    const result = await decided('hold', {
      items: [
        { kind: 'article', id: delayed.id },
        { kind: 'article', id: held.id },
        { kind: 'article', id: gate.id },
        { kind: 'link', id: link.id },
      ],
    });
    expect(result.results.map((r) => [r.ok, r.outcome])).toEqual([
      [true, 'held'],
      [true, 'held'],
      [false, 'refused'],
      [false, 'refused'],
    ]);
    const row = await articleRow(t, delayed.id);
    expect(row).toMatchObject({ reviewReason: 'held', releaseAt: null });
    // It keeps its place in the queue.
    const listed = await get<ReviewListResponse>('/api/review');
    expect(listed.items[0]).toMatchObject({ id: delayed.id, reason: 'held', release_at: null });
  });

  it('proposals: approve applies the link on WordPress, reject dismisses it', async () => {
    const source = await fake.posts.create({
      title: 'Older post on soil',
      content: '<p>Many gardeners brew compost tea in spring.</p>',
      status: 'publish',
    });
    const toApply = await proposal(siteA, 20, { sourceWpId: source.id });
    const toDismiss = await proposal(siteA, 10, { targetWpId: 9, sourceWpId: source.id + 1000 });
    const approved = await decided('approve', { items: [{ kind: 'link', id: toApply.id }] });
    expect(approved.results[0]).toMatchObject({ ok: true, outcome: 'applied' });
    expect(fake.store.posts.get(source.id)!.content?.raw).toContain(
      '<a href="https://garden.example/compost-tea/">compost tea</a>',
    );
    const rejected = await decided('reject', { items: [{ kind: 'link', id: toDismiss.id }], reason: 'Not a fit' });
    expect(rejected.results[0]).toMatchObject({ ok: true, outcome: 'dismissed' });
    const states = await t.ctx.handle.db
      .select({ id: backlinkProposals.id, state: backlinkProposals.state })
      .from(backlinkProposals);
    expect(new Map(states.map((s) => [s.id, s.state]))).toEqual(
      new Map([
        [toApply.id, 'applied'],
        [toDismiss.id, 'dismissed'],
      ]),
    );
    expect(await get('/api/review/summary')).toEqual({ count: 0, oldest_since: null });
  });

  it('a bulk decision answers per item: one failing does not fail the others', async () => {
    const ok = await waiting('held', 30);
    const failing = await waiting('held', 20);
    const notWaiting = await insertArticle(t, { siteId: siteA });
    const first = await decided('approve', { items: [{ kind: 'article', id: ok.id }] });
    expect(first.results[0]!.ok).toBe(true);
    fake.failNext(
      'posts.create',
      new WordPressError('missing_capability', { status: 403, message: 'Sorry, you are not allowed to create posts.' }),
    );
    const result = await decided('approve', {
      items: [
        { kind: 'article', id: failing.id },
        { kind: 'article', id: notWaiting.id },
        { kind: 'article', id: 999_999 },
        { kind: 'link', id: 999_999 },
        { kind: 'article', id: ok.id },
      ],
    });
    expect(result).toMatchObject({ done: 0, failed: 5 });
    expect(result.results.map((r) => [r.id, r.ok, r.outcome])).toEqual([
      [failing.id, false, 'failed'],
      [notWaiting.id, false, 'not_waiting'],
      [999_999, false, 'not_waiting'],
      [999_999, false, 'not_waiting'],
      [ok.id, false, 'not_waiting'],
    ]);
    expect(result.results[0]!.message).toContain('not allowed to create posts');
    expect(await articleRow(t, failing.id)).toMatchObject({ status: 'draft', reviewReason: 'held' });
    // The next try goes through.
    const again = await decided('approve', { items: [{ kind: 'article', id: failing.id }] });
    expect(again.results[0]).toMatchObject({ ok: true, outcome: 'published' });
  });

  it('answers 400 naming the field', async () => {
    const held = await waiting('held', 5);
    const item = { kind: 'article', id: held.id };
    const cases: Array<[string, string, unknown, string]> = [
      ['approve', 'no items', {}, 'items'],
      ['approve', 'empty items', { items: [] }, 'items'],
      ['approve', 'a bad kind', { items: [{ kind: 'page', id: 1 }] }, 'items.0.kind'],
      ['approve', 'a bad id', { items: [{ kind: 'article', id: -3 }] }, 'items.0.id'],
      ['approve', 'a bad time', { items: [item], schedule_at: 'tomorrow' }, 'schedule_at'],
      ['approve', 'a past time', { items: [item], schedule_at: '2020-01-01T00:00:00Z' }, 'schedule_at'],
      ['reject', 'no reason', { items: [item] }, 'reason'],
      ['reject', 'a blank reason', { items: [item], reason: '   ' }, 'reason'],
      ['hold', 'no items', { items: 'all' }, 'items'],
    ];
    for (const [action, what, payload, field] of cases) {
      const res = await decide(action as 'approve', payload);
      expect(res.statusCode, `${action}: ${what}`).toBe(400);
      const fields = (res.json().details as Array<{ field: string }>).map((d) => d.field);
      expect(
        fields.some((f) => f === field || f === `body.${field}`),
        `${what}: ${fields.join(', ')}`,
      ).toBe(true);
    }
    for (const [query, field] of [
      ['reason=soon', 'reason'],
      ['limit=0', 'limit'],
      ['site_id=abc', 'site_id'],
      ['order=random', 'order'],
    ]) {
      const res = await t.request({ method: 'GET', url: `/api/review?${query}`, cookie });
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain(field);
    }
    // Nothing was decided by a refused request.
    expect((await articleRow(t, held.id)).reviewReason).toBe('held');
  });
});
