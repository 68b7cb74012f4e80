import type {
  Article,
  ArticleStatus,
  BacklinkProposal,
  Dashboard,
  GenerationLog,
  LiveCheck,
  QualityReport,
  Site,
} from '@abp/contracts';
import { delay, HttpResponse, http } from 'msw';

export function makeArticle(overrides: Partial<Article> = {}): Article {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Article ${id}`,
    status: 'draft',
    site_id: 1,
    site_name: 'Garden Blog',
    site_url: 'https://garden.example',
    source_type: 'manual',
    task_type: 'Blog Post',
    persona: '',
    origin: 'manual',
    keywords: ['soil', 'compost', 'mulch', 'worms'],
    tags: [],
    demo: false,
    usage: null,
    source_urls: [],
    word_count: 1200,
    attempts: 1,
    refusal_recovered: false,
    refusal_matches: [],
    wordpress_post_id: null,
    wordpress_permalink: null,
    // As the server would have it after the last push of an article with a post.
    wordpress_state:
      overrides.wordpress_post_id == null
        ? 'not_sent'
        : overrides.status === 'published'
          ? 'live'
          : overrides.status === 'scheduled'
            ? 'scheduled'
            : overrides.status === 'review'
              ? 'pending'
              : 'draft',
    featured_image_url: null,
    created_at: new Date(Date.UTC(2026, 10, 20, 9, 0, 0) - id * 60_000).toISOString(),
    updated_at: '2026-11-20T09:00:00.000Z',
    scheduled_at: null,
    published_at: null,
    live_check: null,
    content: '<h2>Soil</h2><p>Rich soil.</p>',
    meta_description: null,
    slug: null,
    focus_keyword: overrides.keywords?.[0] ?? null,
    category_ids: [],
    failure_reason: null,
    quality_report: null,
    review_reason: null,
    review_since: null,
    release_at: null,
    review_note: null,
    ...overrides,
  };
}

export const SITE: Site = {
  id: 1,
  name: 'Garden Blog',
  url: 'https://garden.example',
  username: 'editor',
  is_active: true,
  content_persona: '',
  rest_root: null,
  health_score: null,
  health_checked_at: null,
  deleting: false,
  credentials_rejected: null,
  publish_policy: { mode: 'auto', delay_hours: null },
  send_held_as_draft: false,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

export const BLOCKING_REPORT: QualityReport = {
  severity: 'severe',
  message: 'Quality gate blocked publishing: Contains placeholder text: lorem ipsum.',
  issues: [{ rule: 'placeholder', severity: 'severe', message: 'Contains placeholder text: lorem ipsum.' }],
  warnings: [{ rule: 'word_count', severity: 'minor', message: 'Shorter than requested.' }],
  blocking: true,
};

export interface PublishCall {
  id: number;
  body: Record<string, unknown> | null;
  forceHeader: string | null;
}

interface FakeArticlesOptions {
  articles?: Article[];
  /** Ids whose publish is refused by the quality gate unless forced. */
  gated?: number[];
  /** Ids whose publish fails with a 424 (and the text). */
  failing?: Record<number, string>;
  /** Ids whose forced publish fails too. */
  failingForced?: number[];
  logs?: Record<number, GenerationLog>;
  listError?: boolean;
  deleteError?: boolean;
  /** Holds each publish answer back this long (to watch the progress text). */
  publishDelayMs?: number;
  /** What "Check again" finds, per article id (stored on the article as the server does). */
  liveChecks?: Record<number, Omit<LiveCheck, 'checked_at'>>;
  /** What "Find links" proposes, per article id (links from older posts). */
  backlinks?: Record<number, BacklinkProposal[]>;
  /** A confirmed edit of a live post is saved, but WordPress refuses the update with this text. */
  livePostFailure?: string;
}

/** A stand-in for the articles API with the server's paging, filters and publish rules. */
export function createFakeArticlesApi(options: FakeArticlesOptions = {}) {
  const state = {
    articles: [...(options.articles ?? [])],
    listRequests: [] as URLSearchParams[],
    puts: [] as Array<{ id: number; body: Record<string, unknown> }>,
    previews: [] as number[],
    deletes: [] as number[],
    /** Deletes that asked for the WordPress post to be trashed too. */
    trashedPosts: [] as number[],
    publishes: [] as PublishCall[],
    liveChecks: [] as number[],
    /** Proposals shown per article: empty until "Find links" (or given as already proposed with `backlinks`). */
    backlinks: new Map<number, BacklinkProposal[]>(),
    backlinkActions: [] as Array<{ id: number; action: string }>,
  };
  const find = (id: number) => state.articles.find((a) => a.id === id);
  const stats = (): Dashboard => {
    const count = (s: ArticleStatus) => state.articles.filter((a) => a.status === s).length;
    return {
      totalArticles: state.articles.length,
      publishedArticles: count('published'),
      draftArticles: count('draft'),
      total_articles: state.articles.length,
      by_status: (['draft', 'review', 'published', 'scheduled', 'failed'] as const).map((status) => ({
        status,
        count: count(status),
      })),
      by_site: [
        { site_id: 1, site_name: 'Garden Blog', site_url: 'https://garden.example', count: state.articles.length },
      ],
      recent_articles: 3,
      not_live_posts: state.articles.filter((a) => a.live_check?.state === 'not_live').length,
      articles_per_day: [],
      time_zone: 'UTC',
      trend_monitor: { isRunning: false, activeJobs: 0 },
      trend_stats: { total_processed: 0, recent_articles: 0, recent_trend_articles: 0, last_execution: null },
      generated_at: new Date().toISOString(),
    };
  };

  const handlers = [
    http.get('/api/sites', () => HttpResponse.json([SITE])),
    http.get('/api/dashboard', () => HttpResponse.json(stats())),
    http.get('/api/articles', ({ request }) => {
      const query = new URL(request.url).searchParams;
      state.listRequests.push(query);
      if (options.listError)
        return HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 });
      let rows = [...state.articles].sort((a, b) => b.created_at.localeCompare(a.created_at));
      if (query.get('site_id')) rows = rows.filter((a) => a.site_id === Number(query.get('site_id')));
      if (query.get('status')) rows = rows.filter((a) => a.status === query.get('status'));
      if (query.get('source_type')) rows = rows.filter((a) => a.source_type === query.get('source_type'));
      if (query.get('live')) rows = rows.filter((a) => a.live_check?.state === query.get('live'));
      if (query.get('wordpress_state')) rows = rows.filter((a) => a.wordpress_state === query.get('wordpress_state'));
      const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (words.length > 0)
        rows = rows.filter((a) => words.every((w) => `${a.title} ${a.keywords.join(' ')}`.toLowerCase().includes(w)));
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 10);
      const items = rows
        .slice(offset, offset + limit)
        .map(({ content: _c, meta_description: _m, failure_reason: _f, quality_report: _q, ...summary }) => summary);
      return HttpResponse.json({ items, total: rows.length });
    }),
    http.get('/api/articles/:id', ({ params }) => {
      const article = find(Number(params.id));
      return article
        ? HttpResponse.json(article)
        : HttpResponse.json({ error: 'Article not found', code: 'not_found' }, { status: 404 });
    }),
    http.put('/api/articles/:id', async ({ params, request }) => {
      const id = Number(params.id);
      const body = (await request.json()) as Record<string, unknown>;
      state.puts.push({ id, body });
      const article = find(id);
      if (!article) return HttpResponse.json({ error: 'Article not found', code: 'not_found' }, { status: 404 });
      // As the server (issue #37): changing what a live post shows needs update_live_post.
      const { update_live_post: confirmed, focus_keyword, ...changes } = body;
      const postFields = ['title', 'content', 'meta_description', 'slug', 'category_ids', 'tags'] as const;
      const changesPost =
        article.wordpress_state === 'live' &&
        (changes.status ?? article.status) === 'published' &&
        (postFields.some((f) => f in changes && JSON.stringify(changes[f]) !== JSON.stringify(article[f])) ||
          (focus_keyword !== undefined && focus_keyword !== article.focus_keyword));
      if (changesPost && confirmed !== true)
        return HttpResponse.json(
          {
            error: `This article is live on ${article.site_name}. Saving updates the published post. Send update_live_post: true to save and update it.`,
            code: 'live_post_confirmation_required',
            details: [{ field: 'update_live_post', message: 'is required to change a live post' }],
          },
          { status: 409 },
        );
      Object.assign(article, changes);
      if (typeof focus_keyword === 'string') {
        article.focus_keyword = focus_keyword;
        article.keywords = [focus_keyword, ...article.keywords.slice(1)];
      }
      const livePostUpdate = changesPost
        ? options.livePostFailure
          ? { updated: false, message: options.livePostFailure, permalink: null }
          : { updated: true, message: 'WordPress post updated', permalink: article.wordpress_permalink }
        : null;
      return HttpResponse.json({ ...article, live_post_update: livePostUpdate });
    }),
    http.post('/api/articles/:id/preview', async ({ params, request }) => {
      state.previews.push(Number(params.id));
      const body = (await request.json()) as { title: string; content: string };
      const article = find(Number(params.id))!;
      return HttpResponse.json({
        title: body.title,
        // Stands in for the server's sanitizer: what the iframe shows comes from here.
        content: body.content.replace(/<script[\s\S]*?<\/script>/gi, ''),
        featured_image_url: article.featured_image_url,
        site_name: article.site_name,
      });
    }),
    http.get('/api/sites/:id/inventory/taxonomy', () =>
      HttpResponse.json({
        categories: [
          { id: 3, name: 'Soil', slug: 'soil', parent: 0, count: 4 },
          { id: 7, name: 'Tools', slug: 'tools', parent: 0, count: 2 },
        ],
        authors: [],
        tags: [{ id: 11, name: 'compost', slug: 'compost', parent: 0, count: 3 }],
      }),
    ),
    http.delete('/api/articles/:id', ({ params, request }) => {
      const id = Number(params.id);
      state.deletes.push(id);
      const trash = new URL(request.url).searchParams.get('trash_post') === 'true';
      if (trash) state.trashedPosts.push(id);
      if (options.deleteError)
        return HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 });
      const article = state.articles.find((a) => a.id === id);
      state.articles = state.articles.filter((a) => a.id !== id);
      return HttpResponse.json({
        success: true,
        id,
        wordpress_post: article?.wordpress_post_id == null ? 'none' : trash ? 'trashed' : 'kept',
      });
    }),
    http.post('/api/articles/:id/publish', async ({ params, request }) => {
      const id = Number(params.id);
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      const forceHeader = request.headers.get('X-Force-Publish');
      state.publishes.push({ id, body, forceHeader });
      if (options.publishDelayMs) await delay(options.publishDelayMs);
      const forced = body?.force_publish === true;
      if (forced && options.failingForced?.includes(id))
        return HttpResponse.json(
          { error: 'WordPress post create failed: boom', code: 'wordpress_error' },
          { status: 424 },
        );
      if (!forced && options.gated?.includes(id)) {
        return HttpResponse.json(
          {
            error: 'Publishing blocked by the quality gate: Contains placeholder text.',
            code: 'quality_gate',
            details: { quality_report: BLOCKING_REPORT },
          },
          { status: 409 },
        );
      }
      const failure = options.failing?.[id];
      if (failure) return HttpResponse.json({ error: failure, code: 'wordpress_error' }, { status: 424 });
      const article = find(id)!;
      article.wordpress_post_id = 900 + id;
      // As the server: Publish makes it live (scheduled: future); send_as 'draft' keeps it a draft (review: pending).
      const asDraft = body?.send_as === 'draft';
      const wordpressStatus = asDraft
        ? article.status === 'review'
          ? 'pending'
          : 'draft'
        : article.status === 'scheduled'
          ? 'future'
          : 'publish';
      if (!asDraft && article.status !== 'scheduled') article.status = 'published';
      if (asDraft && article.status !== 'review') article.status = 'draft';
      article.wordpress_state = ({ publish: 'live', future: 'scheduled', pending: 'pending', draft: 'draft' } as const)[
        wordpressStatus
      ];
      return HttpResponse.json({
        success: true,
        message: asDraft ? 'Article saved to WordPress as a draft' : 'Article published to WordPress',
        article_id: id,
        site_id: article.site_id,
        action: 'created',
        wordpress_post_id: 900 + id,
        wordpress_permalink: asDraft ? null : `https://garden.example/?p=${900 + id}`,
        wordpress_status: wordpressStatus,
        article_status: article.status,
        featured_media_id: null,
        tag_ids: [],
        forced,
        quality_report: {
          ...BLOCKING_REPORT,
          severity: 'none',
          blocking: false,
          issues: [],
          warnings: [],
          message: 'Quality gate passed.',
        },
      });
    }),
    http.post('/api/articles/:id/live-check', ({ params }) => {
      const id = Number(params.id);
      state.liveChecks.push(id);
      const article = find(id);
      if (!article) return HttpResponse.json({ error: 'Article not found', code: 'not_found' }, { status: 404 });
      const check = {
        ...(options.liveChecks?.[id] ?? { state: 'live' as const, reason: null }),
        checked_at: new Date().toISOString(),
      };
      // A new object: the test's own fixtures stay as they were.
      state.articles = state.articles.map((a) => (a.id === id ? { ...a, live_check: check } : a));
      return HttpResponse.json(check);
    }),
    http.get('/api/articles/:id/backlinks', ({ params }) =>
      HttpResponse.json({ items: state.backlinks.get(Number(params.id)) ?? [], note: null }),
    ),
    http.post('/api/articles/:id/backlinks', ({ params }) => {
      const id = Number(params.id);
      const items = state.backlinks.get(id) ?? options.backlinks?.[id] ?? [];
      state.backlinks.set(id, items);
      return HttpResponse.json({
        items,
        note:
          items.length > 0
            ? null
            : 'No older post of the site uses words of this article in a paragraph without a link.',
      });
    }),
    http.post('/api/backlinks/:id/:action', ({ params }) => {
      const id = Number(params.id);
      const action = String(params.action);
      state.backlinkActions.push({ id, action });
      const next = { apply: 'applied', undo: 'undone', dismiss: 'dismissed' }[action] as
        | BacklinkProposal['state']
        | undefined;
      for (const [articleId, items] of state.backlinks) {
        const found = items.find((p) => p.id === id);
        if (!found || !next) continue;
        const changed = {
          ...found,
          state: next,
          applied_at: next === 'applied' ? new Date().toISOString() : found.applied_at,
        };
        state.backlinks.set(
          articleId,
          items.map((p) => (p.id === id ? changed : p)),
        );
        return HttpResponse.json(changed);
      }
      return HttpResponse.json({ error: 'Link proposal not found', code: 'not_found' }, { status: 404 });
    }),
    http.get('/api/articles/:id/trends', ({ params }) =>
      HttpResponse.json(
        Number(params.id) === 1
          ? [
              {
                topic: 'Compost tea',
                description: 'Searches doubled',
                published_date: '2026-11-19T08:00:00.000Z',
                trend_url: 'https://trends.example/compost',
              },
            ]
          : [],
      ),
    ),
    http.get('/api/generation-logs/:id', ({ params }) => {
      const log = options.logs?.[Number(params.id)];
      return log
        ? HttpResponse.json(log)
        : HttpResponse.json({ error: 'No generation log found for this article', code: 'not_found' }, { status: 404 });
    }),
  ];
  return { state, handlers };
}
