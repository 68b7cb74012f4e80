import { type BlogConfig, blogConfigInputSchema, type InventoryTaxonomy, type Site } from '@abp/contracts';
import { HttpResponse, http } from 'msw';

export function makeConfig(overrides: Partial<BlogConfig> = {}): BlogConfig {
  return {
    id: 1,
    site_id: 1,
    site_name: 'Garden Blog',
    site_url: 'https://garden.example',
    site_is_active: true,
    topics: ['Composting'],
    posting_interval_min: 1,
    posting_interval_max: 3,
    max_posts_per_day: 10,
    post_status: 'draft',
    task_type: 'Blog Post',
    is_active: true,
    word_count: 3000,
    content_persona: '',
    next_post_at: '2031-03-10T10:00:00.000Z',
    posts_today: 0,
    last_post_at: null,
    last_error: null,
    last_note: null,
    budget_pause: null,
    category_ids: [],
    author_id: null,
    internal_links: 3,
    add_tags: true,
    providers: null,
    ramp: null,
    cap_today: 10,
    publish_policy: null,
    created_at: '2026-11-22T09:00:00.000Z',
    updated_at: '2026-11-22T09:00:00.000Z',
    ...overrides,
  };
}

interface FakeOptions {
  sites?: Site[];
  configs?: BlogConfig[];
  /** Answer for the next save instead of storing it (e.g. a 409). */
  saveAnswer?: () => Response;
  failList?: boolean;
  failDelete?: boolean;
  /** Each site's categories and authors (its content inventory); none by default. */
  taxonomy?: Record<number, InventoryTaxonomy>;
}

/**
 * A stand-in for /api/config and GET /api/sites with the server's shapes and rules (the
 * contract's validation; one configuration per site), logging every request for assertions.
 */
export function createFakeBlogConfigsApi(options: FakeOptions = {}) {
  const state = {
    sites: [...(options.sites ?? [])],
    configs: [...(options.configs ?? [])],
    requests: [] as Array<{ method: string; path: string; body: unknown }>,
    nextId: 100,
    saveAnswer: options.saveAnswer ?? null,
  };
  const log = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    state.requests.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  const save = (id: number | null, body: unknown): Response => {
    const answer = state.saveAnswer;
    if (answer) {
      state.saveAnswer = null;
      return answer();
    }
    const parsed = blogConfigInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return HttpResponse.json(
        {
          error: issue.message,
          code: 'validation',
          details: [{ field: `body.${issue.path.join('.')}`, message: issue.message }],
        },
        { status: 400 },
      );
    }
    const site = state.sites.find((s) => s.id === parsed.data.site_id)!;
    const current = state.configs.find((c) => c.id === id);
    const { ramp, ...values } = parsed.data;
    const config = makeConfig({
      ...current,
      ...values,
      // As the server: day 0 is when the ramp was switched on; today's cap is then its starting pace.
      ramp: ramp ? { ...ramp, started_at: current?.ramp?.started_at ?? new Date().toISOString() } : null,
      cap_today: ramp ? ramp.start_per_day : values.max_posts_per_day,
      publish_policy:
        values.publish_policy === undefined
          ? (current?.publish_policy ?? null)
          : values.publish_policy && {
              mode: values.publish_policy.mode,
              delay_hours: values.publish_policy.delay_hours ?? null,
            },
      id: id ?? state.nextId++,
      site_name: site.name,
      site_url: site.url,
    });
    state.configs = id === null ? [...state.configs, config] : state.configs.map((c) => (c.id === id ? config : c));
    return HttpResponse.json(config, { status: id === null ? 201 : 200 });
  };

  const handlers = [
    http.get('/api/sites', async ({ request }) => {
      await log(request);
      return HttpResponse.json(state.sites);
    }),
    http.get('/api/sites/:id/inventory/taxonomy', ({ params }) =>
      HttpResponse.json(options.taxonomy?.[Number(params.id)] ?? { categories: [], authors: [] }),
    ),
    http.get('/api/config', async ({ request }) => {
      await log(request);
      if (options.failList)
        return HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 });
      return HttpResponse.json(state.configs);
    }),
    http.post('/api/config', async ({ request }) => save(null, await log(request))),
    http.put('/api/config/:id', async ({ request, params }) => save(Number(params.id), await log(request))),
    http.delete('/api/config/:id', async ({ request, params }) => {
      await log(request);
      if (options.failDelete)
        return HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 });
      state.configs = state.configs.filter((c) => c.id !== Number(params.id));
      return HttpResponse.json({ success: true, id: Number(params.id) });
    }),
  ];

  const requestsTo = (method: string, path: string) =>
    state.requests.filter((r) => r.method === method && r.path === path);
  return { state, handlers, requestsTo };
}
