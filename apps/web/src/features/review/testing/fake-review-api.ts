import type { Article, ReviewDecisionResult, ReviewItem, ReviewItemRef } from '@abp/contracts';
import { HttpResponse, http } from 'msw';
import { createFakeAuthApi } from '../../../test/auth-api';
import { makeSite } from '../../../test/sites';

export function makeReviewItem(overrides: Partial<ReviewItem> = {}): ReviewItem {
  const id = overrides.id ?? 1;
  return {
    kind: 'article',
    id,
    site_id: 1,
    site_name: 'Garden Blog',
    title: `Waiting article ${id}`,
    reason: 'held',
    reason_label: 'Held for review',
    since: new Date(Date.UTC(2026, 10, 20, 9, id)).toISOString(),
    release_at: null,
    article_status: 'draft',
    wordpress_post_id: null,
    wordpress_permalink: null,
    quality_report: {
      severity: 'minor',
      message: 'Minor issues found',
      issues: [],
      warnings: [{ rule: 'word_count', severity: 'minor', message: 'A little short: 700 of 800 words.' }],
      blocking: false,
    },
    duplicates: [],
    links: [{ href: 'https://garden.example/soil/', text: 'our soil guide' }],
    usage: { calls: 3, input_tokens: 1000, output_tokens: 2000, cost_usd: 0.0123, estimated: false },
    article_id: id,
    link_proposal: null,
    refresh_proposal: null,
    ...overrides,
  };
}

/**
 * GET /api/articles/{id} as the preview reads it (the fields the schema needs, the review marks of
 * issue #33 included: plain JSON, so the answer fits the contract with or without them).
 */
function articleOf(id: number, title: string): Record<string, unknown> {
  return {
    id,
    title,
    status: 'draft',
    site_id: 1,
    site_name: 'Garden Blog',
    site_url: 'https://garden.example',
    source_type: 'manual',
    task_type: 'Blog Post',
    persona: '',
    origin: 'manual',
    keywords: [],
    tags: [],
    demo: false,
    usage: null,
    source_urls: [],
    word_count: 700,
    attempts: 1,
    refusal_recovered: false,
    refusal_matches: [],
    wordpress_post_id: null,
    wordpress_permalink: null,
    wordpress_state: 'not_sent',
    featured_image_url: null,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    scheduled_at: null,
    published_at: null,
    live_check: null,
    content: '<p>Body</p>',
    meta_description: null,
    slug: null,
    focus_keyword: null,
    category_ids: [],
    failure_reason: null,
    quality_report: null,
    review_reason: 'held',
    review_since: '2026-11-20T09:00:00.000Z',
    release_at: null,
    review_note: null,
  } satisfies Partial<Article> & Record<string, unknown>;
}

/**
 * The inbox's server: the items, their previews, and decisions recorded (each answered per item;
 * `refuse` names items the server does not do, with why).
 */
export function createFakeReviewApi(items: ReviewItem[], options: { refuse?: Record<string, string> } = {}) {
  const decisions: Array<{ action: string; body: { items: ReviewItemRef[]; reason?: string; schedule_at?: string } }> =
    [];
  let waiting = [...items];
  const answer = (action: string) =>
    http.post(`/api/review/${action}`, async ({ request }) => {
      const body = (await request.json()) as { items: ReviewItemRef[]; reason?: string; schedule_at?: string };
      decisions.push({ action, body });
      const results = body.items.map((ref) => {
        const why = options.refuse?.[`${ref.kind}:${ref.id}`];
        return {
          kind: ref.kind,
          id: ref.id,
          ok: !why,
          outcome: why ? 'failed' : action === 'approve' ? 'published' : action === 'reject' ? 'rejected' : 'held',
          message: why ?? 'Done',
          wordpress_permalink: null,
        };
      });
      const done = new Set(results.filter((r) => r.ok).map((r) => `${r.kind}:${r.id}`));
      waiting = waiting.filter((item) => !done.has(`${item.kind}:${item.id}`));
      const result: ReviewDecisionResult = {
        results: results as ReviewDecisionResult['results'],
        done: done.size,
        failed: results.length - done.size,
      };
      return HttpResponse.json(result);
    });
  const handlers = [
    ...createFakeAuthApi({ authenticated: true }).handlers,
    http.get('/api/sites', () => HttpResponse.json([makeSite()])),
    http.get('/api/review', () => HttpResponse.json({ items: waiting, total: waiting.length })),
    http.get('/api/review/summary', () =>
      HttpResponse.json({ count: waiting.length, oldest_since: waiting[0]?.since ?? null }),
    ),
    http.get('/api/articles/:id', ({ params }) => {
      const id = Number(params.id);
      return HttpResponse.json(articleOf(id, items.find((item) => item.id === id)?.title ?? 'Article'));
    }),
    http.post('/api/articles/:id/preview', async ({ request }) => {
      const body = (await request.json()) as { title: string };
      return HttpResponse.json({
        title: body.title,
        content: '<p>Body</p>',
        featured_image_url: null,
        site_name: 'Garden Blog',
      });
    }),
    answer('approve'),
    answer('reject'),
    answer('hold'),
  ];
  return { handlers, decisions };
}
