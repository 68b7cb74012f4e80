import type {
  DeletePreview,
  OutlineData,
  PageSlugConflict,
  PublishItemResult,
  SeoArticle,
  SeoKeyword,
  SeoPage,
  SeoProject,
  SeoProjectLog,
  SeoPublishRun,
} from '@abp/contracts';
import { HttpResponse, http } from 'msw';

const NOW = '2026-11-20T12:00:00.000Z';

export function makeProject(overrides: Partial<SeoProject> = {}): SeoProject {
  const id = overrides.id ?? 1;
  return {
    id,
    site_id: 1,
    site_name: 'Garden Blog',
    site_url: 'https://garden.example',
    project_name: `Project ${id}`,
    niche: 'home coffee brewing',
    company_name: 'Bean There',
    goal: '',
    target_audience: '',
    business_context: '',
    status: 'phase1',
    current_phase: 1,
    progress_percentage: 0,
    total_articles_planned: 0,
    articles_generated: 0,
    articles_in_progress: 0,
    wizard_step: 2,
    wizard_step_name: 'Keyword Research',
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export function makeKeyword(id: number, keyword: string, type: SeoKeyword['keyword_type'] = 'primary'): SeoKeyword {
  return {
    id,
    project_id: 1,
    keyword,
    keyword_type: type,
    intent_type: 'informational',
    competition_level: 'medium',
    created_at: NOW,
  };
}

export const OUTLINE: OutlineData = {
  pillar_posts: [
    {
      title: 'The Complete Guide to Coffee',
      target_keywords: ['coffee'],
      h2_headings: ['One', 'Two', 'Three', 'Four', 'Five'],
    },
  ],
  cluster_posts: Array.from({ length: 8 }, (_, i) => ({
    title: `Cluster ${i + 1}`,
    target_keywords: [`k${i}`],
    h2_headings: ['A'],
    content_type: 'cluster',
    pillar_parent: 'The Complete Guide to Coffee',
  })),
};

export function makeArticle(id: number, overrides: Partial<SeoArticle> = {}): SeoArticle {
  return {
    id,
    project_id: 1,
    article_id: 100 + id,
    title: `Article ${id}`,
    article_type: 'cluster',
    content_type: 'cluster',
    pillar_parent: '',
    target_keywords: ['coffee'],
    h2_headings: [],
    generation_status: 'generated',
    status: 'draft',
    error: null,
    meta_description: null,
    has_schema_markup: false,
    internal_links: [],
    word_count: 2500,
    demo: false,
    wordpress_post_id: null,
    wordpress_permalink: null,
    created_at: NOW,
    ...overrides,
  };
}

export interface FakeSeoState {
  projects: SeoProject[];
  keywords: SeoKeyword[];
  outline: OutlineData | null;
  pages: SeoPage[];
  articles: SeoArticle[];
  logs: SeoProjectLog[];
  requests: string[];
  /** When each request arrived (Date.now()), parallel to requests. */
  times: number[];
  bodies: Record<string, unknown[]>;
  /** DELETE answers 409 'currently active' unless force is sent. */
  active: boolean;
  /** Publish runs; each GET of a run moves it on by one item until all are published. */
  publishRuns: SeoPublishRun[];
  /** Pages whose address the site already uses (GET …/page-conflicts). */
  pageConflicts: PageSlugConflict[];
}

const summary = { articles_processed: 2, links_added: 3, delivered_in_html: true };

/** The SEO endpoints a screen test needs, over an in-memory state; every call is recorded. */
export function createFakeSeoApi(initial: Partial<FakeSeoState> = {}) {
  const state: FakeSeoState = {
    projects: [],
    keywords: [],
    outline: null,
    pages: [],
    articles: [],
    logs: [],
    requests: [],
    times: [],
    bodies: {},
    active: false,
    publishRuns: [],
    pageConflicts: [],
    ...initial,
  };
  const record = async (name: string, request: Request) => {
    state.requests.push(name);
    state.times.push(Date.now());
    const text = await request.text();
    (state.bodies[name] ??= []).push(text ? JSON.parse(text) : undefined);
  };
  const ok =
    (name: string, body: Record<string, unknown>) =>
    async ({ request }: { request: Request }) => {
      await record(name, request);
      return HttpResponse.json(body);
    };
  const preview = (id: number): DeletePreview => ({
    project: { id, project_name: state.projects.find((p) => p.id === id)?.project_name ?? '' },
    relatedData: {
      seo_project_articles: 9,
      generated_articles: 8,
      seo_project_logs: 12,
      keyword_research: 21,
      seo_pages: 4,
      wordpress_posts: 3,
      wordpress_pages: 2,
      wordpress_media: 3,
    },
    active: state.active,
  });
  const startRun =
    (kind: SeoPublishRun['kind']) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      await record(`publish-${kind}`, request);
      const body = state.bodies[`publish-${kind}`]!.at(-1) as {
        status?: 'publish' | 'draft';
        pageIds?: number[];
        articleIds?: number[];
      };
      const total =
        kind === 'pages'
          ? (body.pageIds?.length ?? state.pages.length)
          : (body.articleIds?.length ?? state.articles.length);
      const run: SeoPublishRun = {
        id: state.publishRuns.length + 1,
        project_id: Number(params.id),
        kind,
        target_status: body.status ?? 'publish',
        state: 'queued',
        total,
        processed: 0,
        error: null,
        outcome: {
          success: true,
          published: 0,
          drafts: 0,
          failed: 0,
          skipped: 0,
          results: [],
          warnings: [],
          summary: {},
        },
        created_at: NOW,
        finished_at: null,
      };
      state.publishRuns.push(run);
      return HttpResponse.json(run, { status: 202 });
    };
  const advance = (run: SeoPublishRun): SeoPublishRun => {
    if (run.state === 'done' || run.state === 'failed') return run;
    const processed = run.processed + 1;
    const results: PublishItemResult[] = Array.from({ length: processed }, (_, i) => ({
      id: i + 1,
      title: `Item ${i + 1}`,
      outcome: 'published',
      wordpress_id: 500 + i,
      permalink: null,
      error: null,
    }));
    const over = processed >= run.total;
    Object.assign(run, {
      state: over ? 'done' : 'running',
      processed,
      finished_at: over ? NOW : null,
      outcome: {
        ...run.outcome,
        published: processed,
        results,
        summary: { total: run.total, published: processed, drafts: 0, failed: 0 },
      },
    });
    return run;
  };
  const handlers = [
    http.post('/api/seo/projects/:id/publish-pages', startRun('pages')),
    http.post('/api/seo/projects/:id/publish-articles', startRun('articles')),
    http.get('/api/seo/projects/:id/page-conflicts', () => HttpResponse.json(state.pageConflicts)),
    http.get('/api/seo/projects/:id/publish-runs', () => HttpResponse.json([...state.publishRuns].reverse())),
    http.get('/api/seo/publish-runs/:runId', ({ params }) => {
      const run = state.publishRuns.find((r) => r.id === Number(params.runId));
      return run
        ? HttpResponse.json(advance(run))
        : HttpResponse.json({ error: 'Publish run not found', code: 'not_found' }, { status: 404 });
    }),
    http.get('/api/seo-suite/projects', () => HttpResponse.json(state.projects)),
    http.get('/api/sites', () => HttpResponse.json([])),
    http.get('/api/seo-suite/keywords/:id', () => HttpResponse.json(state.keywords)),
    http.get('/api/seo-suite/outlines/:id', () =>
      HttpResponse.json(
        state.outline ? [{ id: 1, project_id: 1, outline_data: state.outline, created_at: NOW, updated_at: NOW }] : [],
      ),
    ),
    http.get('/api/seo/projects/:id/pages', () => HttpResponse.json(state.pages)),
    http.get('/api/seo-suite/articles/:id', () => HttpResponse.json(state.articles)),
    http.get('/api/seo-suite/logs/:id', () => HttpResponse.json(state.logs)),
    http.get('/api/seo-suite/projects/:id/site-structure', ({ params }) =>
      HttpResponse.json({ project_id: Number(params.id), total_pages: 0, pages: [], sections: [] }),
    ),
    http.get('/api/seo-suite/projects/:id/site-pages', () => HttpResponse.json([])),
    http.get('/api/seo-suite/delete-preview/:id', ({ params }) => HttpResponse.json(preview(Number(params.id)))),
    http.delete('/api/seo-suite/projects/:id', async ({ request, params }) => {
      await record('delete', request);
      const body = (state.bodies.delete?.at(-1) ?? {}) as { confirmationToken?: string; force?: boolean };
      if (state.active && !body.force)
        return HttpResponse.json(
          {
            error: 'Project is currently active (articles are being generated). Use force=true to delete it anyway.',
            code: 'conflict',
          },
          { status: 409 },
        );
      if (!body.confirmationToken) {
        return HttpResponse.json({
          status: 'confirmation_required',
          confirmationToken: 'tok',
          expires_at: NOW,
          message: 'm',
          preview: preview(Number(params.id)),
        });
      }
      state.projects = state.projects.filter((p) => p.id !== Number(params.id));
      const deleted = {
        seo_project_articles: 0,
        generated_articles: 0,
        seo_project_logs: 0,
        keyword_research: 0,
        seo_pages: 0,
        wordpress_posts: 0,
        wordpress_pages: 0,
        wordpress_media: 0,
      };
      return HttpResponse.json({ status: 'deleted', success: true, message: 'Project deleted successfully', deleted });
    }),
    http.post('/api/seo-suite/delete-projects', async ({ request }) => {
      await record('delete-projects', request);
      const ids = (state.bodies['delete-projects']!.at(-1) as { projectIds: number[] }).projectIds;
      state.projects = state.projects.filter((p) => !ids.includes(p.id));
      return HttpResponse.json({ success: true, deleted_count: ids.length, errors: [] });
    }),
    http.put('/api/seo/keywords/:id', async ({ request, params }) => {
      await record('update-keyword', request);
      const body = state.bodies['update-keyword']!.at(-1) as { keyword: string };
      const keyword = state.keywords.find((k) => k.id === Number(params.id))!;
      keyword.keyword = body.keyword;
      return HttpResponse.json(keyword);
    }),
    http.post(
      '/api/seo-suite/generate-meta-descriptions',
      ok('meta', { success: true, summary, results: [], warnings: [] }),
    ),
    http.post(
      '/api/seo-suite/generate-schema-markup',
      ok('schema', { success: true, summary, results: [], warnings: [] }),
    ),
    http.post(
      '/api/seo-suite/optimize-internal-linking',
      ok('links', { success: true, summary, results: [], warnings: [] }),
    ),
  ];
  return { state, handlers };
}
