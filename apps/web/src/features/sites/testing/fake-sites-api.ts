import type {
  BacklinkProposal,
  ConnectionTestResult,
  InventoryItem,
  InventorySummary,
  InventoryTaxonomy,
  LinkReport,
  Site,
} from '@abp/contracts';
import { HttpResponse, http } from 'msw';
import { makeSite } from '../../../test/sites';

export function connectionResult(success: boolean): ConnectionTestResult {
  return {
    success,
    success_rate: success ? 1 : 0.5,
    mode: 'enhanced',
    rest_root: 'https://garden.example/wp-json/',
    tests: {
      rest_api_discovery: { success: true, response_time: 31, error: null, details: {} },
      authentication: success
        ? { success: true, response_time: 26, error: null, details: {} }
        : {
            success: false,
            response_time: 24,
            error: 'You are not currently logged in.',
            details: { kind: 'bad_credentials' },
          },
      // As the server records a check that could not run after an earlier failure.
      ...(success
        ? {}
        : {
            capabilities: {
              success: false,
              response_time: 0,
              error: 'Skipped: authentication failed',
              details: { severity: 'error', skipped: true },
            },
          }),
    },
    recommendations: success ? [] : ['Check the username "editor": it must be the WordPress login name.'],
    seo: success
      ? {
          plugin: 'Yoast SEO',
          description_field: null,
          keyword_field: null,
          summary: 'Yoast SEO detected; meta description is not writable over REST — the excerpt will carry it.',
        }
      : null,
  };
}

interface FakeSitesOptions {
  sites?: Site[];
  /** Health answered per site id: a number (success_rate) or a full response. */
  health?: (id: number) => Response | Record<string, unknown>;
  testResult?: (id: number, enhanced: boolean) => ConnectionTestResult | Response;
  /** Cascade deletions finish after this many list reads (default 2). */
  cascadeReads?: number;
  /** What Delete All reports: the site's articles and posts (default 3 and 2), posts WordPress refused to trash. */
  deletion?: { articles?: number; posts?: number; trashFailures?: string[] };
  /** Each site's inventory: what a finished sync has read (default: never synced). */
  inventory?: Record<
    number,
    {
      items: InventoryItem[];
      taxonomy?: InventoryTaxonomy;
      synced?: boolean;
      linkReport?: LinkReport;
      /** What "Link orphan posts" proposes. */
      orphanProposals?: BacklinkProposal[];
    }
  >;
  /** A sync finishes after this many summary reads (default 2). */
  syncReads?: number;
}

export function inventorySummary(siteId: number, values: Partial<InventorySummary> = {}): InventorySummary {
  return {
    site_id: siteId,
    state: 'never',
    trigger: null,
    posts: 0,
    pages: 0,
    last_synced_at: null,
    phase: null,
    done: 0,
    total: null,
    fetched: 0,
    removed: 0,
    started_at: null,
    finished_at: null,
    error: null,
    ...values,
  };
}

export function inventoryItem(values: Partial<InventoryItem> & { wp_id: number }): InventoryItem {
  return {
    kind: 'post',
    title: `Post ${values.wp_id}`,
    slug: `post-${values.wp_id}`,
    link: `https://garden.example/post-${values.wp_id}/`,
    status: 'publish',
    published_at: '2026-11-01T10:00:00.000Z',
    modified_at: '2026-11-01T10:00:00.000Z',
    category_ids: [],
    tag_ids: [],
    author_id: 1,
    excerpt: '',
    ...values,
  };
}

/**
 * A stand-in for /api/sites with the server's shapes: a list that changes on create, update and
 * delete, and a log of every request so tests can assert bodies, order and timing.
 */
export function createFakeSitesApi(options: FakeSitesOptions = {}) {
  const state = {
    sites: [...(options.sites ?? [])],
    requests: [] as Array<{ method: string; path: string; search: string; body: unknown; at: number }>,
    nextId: 100,
    pendingCascade: null as null | { id: number; readsLeft: number },
    /** The last Delete All asked to trash the WordPress posts. */
    trashPosts: false,
    syncs: new Map<number, { summary: InventorySummary; readsLeft: number }>(),
  };
  const inventoryOf = (siteId: number) => options.inventory?.[siteId];
  const finishedSummary = (siteId: number): InventorySummary => {
    const inv = inventoryOf(siteId);
    if (!inv?.synced) return inventorySummary(siteId);
    const posts = inv.items.filter((i) => i.kind === 'post').length;
    return inventorySummary(siteId, {
      state: 'succeeded',
      posts,
      pages: inv.items.length - posts,
      last_synced_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      fetched: inv.items.length,
    });
  };
  const summaryOf = (siteId: number): InventorySummary => {
    const sync = state.syncs.get(siteId);
    if (!sync) return finishedSummary(siteId);
    sync.readsLeft -= 1;
    if (sync.readsLeft > 0) return sync.summary;
    state.syncs.delete(siteId);
    const inv = inventoryOf(siteId);
    if (inv) inv.synced = true;
    return { ...finishedSummary(siteId), last_synced_at: new Date().toISOString(), trigger: 'manual' };
  };
  const log = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    state.requests.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
      at: Date.now(),
    });
    return url;
  };
  const strip = (body: Record<string, unknown>) => {
    const { password: _password, ...rest } = body;
    return rest;
  };

  const linkProposals: BacklinkProposal[] = [];
  const handlers = [
    http.get('/api/sites', async ({ request }) => {
      await log(request);
      if (state.pendingCascade) {
        state.pendingCascade.readsLeft -= 1;
        if (state.pendingCascade.readsLeft <= 0) {
          const id = state.pendingCascade.id;
          state.sites = state.sites.filter((s) => s.id !== id);
          state.pendingCascade = null;
        }
      }
      return HttpResponse.json(state.sites);
    }),
    http.post('/api/sites', async ({ request }) => {
      await log(request);
      const body = (await request.json()) as Record<string, unknown>;
      const site = makeSite({ ...(strip(body) as Partial<Site>), id: state.nextId++ });
      state.sites.push(site);
      return HttpResponse.json({ ...site, warning: null }, { status: 201 });
    }),
    http.put('/api/sites/:id', async ({ request, params }) => {
      await log(request);
      const body = (await request.json()) as Record<string, unknown>;
      const index = state.sites.findIndex((s) => s.id === Number(params.id));
      if (index < 0) return HttpResponse.json({ error: 'Site not found', code: 'not_found' }, { status: 404 });
      const site = { ...state.sites[index]!, ...(strip(body) as Partial<Site>) };
      state.sites[index] = site;
      return HttpResponse.json({ ...site, warning: null });
    }),
    http.delete('/api/sites/:id', async ({ request, params }) => {
      const url = await log(request);
      const id = Number(params.id);
      if (url.searchParams.get('cascade') === 'true') {
        state.trashPosts = url.searchParams.get('trash_posts') === 'true';
        state.sites = state.sites.map((s) => (s.id === id ? { ...s, deleting: true, is_active: false } : s));
        state.pendingCascade = { id, readsLeft: options.cascadeReads ?? 2 };
        return HttpResponse.json({ status: 'processing', job_id: 'job-1' }, { status: 202 });
      }
      state.sites = state.sites.filter((s) => s.id !== id);
      return HttpResponse.json({ success: true });
    }),
    http.get('/api/sites/:id/delete-preview', async ({ request }) => {
      await log(request);
      return HttpResponse.json({
        articles: options.deletion?.articles ?? 3,
        wordpress_posts: options.deletion?.posts ?? 2,
      });
    }),
    http.get('/api/sites/deletions/:jobId', async ({ request }) => {
      await log(request);
      const failures = state.trashPosts ? (options.deletion?.trashFailures ?? []) : [];
      const trashed = state.trashPosts ? (options.deletion?.posts ?? 2) - failures.length : 0;
      return HttpResponse.json({
        state: 'done',
        articles_deleted: options.deletion?.articles ?? 3,
        posts_trashed: trashed,
        trash_failures: failures,
      });
    }),
    http.post('/api/sites/:id/test-connection', async ({ request, params }) => {
      const url = await log(request);
      const enhanced = url.searchParams.get('enhanced') === 'true';
      const answer = options.testResult?.(Number(params.id), enhanced) ?? {
        ...connectionResult(true),
        mode: enhanced ? 'enhanced' : 'basic',
      };
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
    http.get('/api/sites/inventory', async ({ request }) => {
      await log(request);
      return HttpResponse.json(state.sites.map((site) => summaryOf(site.id)));
    }),
    http.post('/api/sites/:id/inventory/sync', async ({ request, params }) => {
      await log(request);
      const id = Number(params.id);
      const total = inventoryOf(id)?.items.length ?? 0;
      const summary = inventorySummary(id, {
        ...finishedSummary(id),
        state: 'running',
        trigger: 'manual',
        phase: 'Posts',
        done: Math.floor(total / 2),
        total,
      });
      state.syncs.set(id, { summary, readsLeft: options.syncReads ?? 2 });
      return HttpResponse.json(summary, { status: 202 });
    }),
    http.get('/api/sites/:id/inventory/items', async ({ request, params }) => {
      const url = await log(request);
      const all = inventoryOf(Number(params.id))?.synced ? inventoryOf(Number(params.id))!.items : [];
      const search = url.searchParams.get('search')?.toLowerCase();
      const category = url.searchParams.get('category');
      const kind = url.searchParams.get('kind');
      const matching = all.filter(
        (item) =>
          (!search || item.title.toLowerCase().includes(search)) &&
          (!category || item.category_ids.includes(Number(category))) &&
          (!kind || item.kind === kind),
      );
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json({
        items: matching.slice(offset, offset + limit),
        total: matching.length,
        limit,
        offset,
      });
    }),
    http.get('/api/sites/:id/inventory/links', async ({ request, params }) => {
      await log(request);
      const siteId = Number(params.id);
      const report: LinkReport = inventoryOf(siteId)?.linkReport ?? {
        site_id: siteId,
        posts_scanned: 0,
        capped: false,
        internal_links: 0,
        posts: [],
        orphans: [],
        synced_at: null,
      };
      return HttpResponse.json(report);
    }),
    http.get('/api/sites/:id/link-proposals', async ({ request }) => {
      await log(request);
      return HttpResponse.json({ items: linkProposals, note: null });
    }),
    http.post('/api/sites/:id/link-proposals', async ({ request, params }) => {
      await log(request);
      if (linkProposals.length === 0) linkProposals.push(...(inventoryOf(Number(params.id))?.orphanProposals ?? []));
      return HttpResponse.json({
        items: linkProposals,
        note: linkProposals.length > 0 ? null : 'No post of the site on the same subject names an orphan post.',
      });
    }),
    http.post('/api/backlinks/:id/:action', async ({ request, params }) => {
      await log(request);
      const proposal = linkProposals.find((p) => p.id === Number(params.id));
      if (!proposal) return HttpResponse.json({ error: 'Link proposal not found' }, { status: 404 });
      const next = { apply: 'applied', undo: 'undone', dismiss: 'dismissed' } as const;
      proposal.state = next[params.action as keyof typeof next];
      return HttpResponse.json(proposal);
    }),
    http.get('/api/sites/:id/inventory/taxonomy', async ({ request, params }) => {
      await log(request);
      return HttpResponse.json(inventoryOf(Number(params.id))?.taxonomy ?? { categories: [], authors: [] });
    }),
    http.get('/api/sites/:id/health', async ({ request, params }) => {
      await log(request);
      const answer = options.health?.(Number(params.id)) ?? {
        site_id: Number(params.id),
        success_rate: 1,
        health: { score: 100 },
      };
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  ];
  return {
    state,
    handlers,
    requestsTo: (method: string, path: string) => state.requests.filter((r) => r.method === method && r.path === path),
  };
}
