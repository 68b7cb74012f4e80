import type { ProcessedTrend, TrendExecutionLog, TrendMonitorStatus, TrendRunItem } from '@abp/contracts';
import { HttpResponse, http } from 'msw';

export function makeLog(overrides: Partial<TrendExecutionLog> = {}): TrendExecutionLog {
  const id = overrides.id ?? 1;
  return {
    id,
    created_at: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - id * 3_600_000).toISOString(),
    finished_at: null,
    status: 'completed',
    trigger: 'schedule',
    trends_found: 12,
    articles_generated: 3,
    articles_published: 2,
    execution_time_ms: 125_000,
    errors: [],
    ...overrides,
  };
}

export function makeProcessed(overrides: Partial<ProcessedTrend> = {}): ProcessedTrend {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Trend ${id}`,
    site_id: 1,
    site_name: 'Garden Blog',
    url: `https://trends.google.com/trends/explore?q=trend-${id}`,
    article_id: id,
    processed_at: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - id * 60_000).toISOString(),
    ...overrides,
  };
}

export function makeRunItem(overrides: Partial<TrendRunItem> = {}): TrendRunItem {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Trend ${id}`,
    site_id: 1,
    site_name: 'Garden Blog',
    url: `https://trends.google.com/trends/explore?q=trend-${id}`,
    state: 'written',
    article_id: 100 + id,
    article_title: `Article about trend ${id}`,
    article_status: 'draft',
    post_url: null,
    ...overrides,
  };
}

interface FakeTrendsOptions {
  /** The items of each run's page (GET /api/trends/runs/{id}), by run id; a run without an entry has none. */
  runItems?: Record<number, TrendRunItem[]>;
  logs?: TrendExecutionLog[];
  processed?: ProcessedTrend[];
  status?: TrendMonitorStatus;
  totalProcessed?: number;
  /** Answer these calls with a 500. */
  failing?: Array<'status' | 'stats' | 'logs' | 'processed'>;
  /** POST /check answers 409. */
  busy?: boolean;
}

/** The trend endpoints with the server's paging (limit+offset, newest first, has_more) and check rules. */
export function createFakeTrendsApi(options: FakeTrendsOptions = {}) {
  const state = {
    logs: [...(options.logs ?? [])],
    processed: [...(options.processed ?? [])],
    status: options.status ?? { isRunning: false, activeJobs: 0 },
    failing: new Set(options.failing ?? []),
    checks: 0,
    requests: [] as string[],
  };
  const fail = () => HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 });
  const page = <T>(rows: T[], url: URL) => {
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return { items: rows.slice(offset, offset + limit), limit, offset, has_more: rows.length > offset + limit };
  };
  const handlers = [
    http.get('/api/trends/status', () => (state.failing.has('status') ? fail() : HttpResponse.json(state.status))),
    http.get('/api/trends/stats', () => {
      if (state.failing.has('stats')) return fail();
      const last = state.logs.find((log) => log.status !== 'running');
      return HttpResponse.json({
        total_processed: options.totalProcessed ?? state.processed.length,
        recent_articles: 7,
        recent_trend_articles: 3,
        last_execution: last
          ? {
              trends_found: last.trends_found,
              articles_generated: last.articles_generated,
              articles_published: last.articles_published,
              execution_time_ms: last.execution_time_ms,
              created_at: last.created_at,
              unreachable_feeds: [],
            }
          : null,
      });
    }),
    http.get('/api/trends/logs', ({ request }) => {
      state.requests.push(`logs${new URL(request.url).search}`);
      return state.failing.has('logs') ? fail() : HttpResponse.json(page(state.logs, new URL(request.url)));
    }),
    http.get('/api/trends/processed', ({ request }) => {
      state.requests.push(`processed${new URL(request.url).search}`);
      return state.failing.has('processed') ? fail() : HttpResponse.json(page(state.processed, new URL(request.url)));
    }),
    http.get('/api/trends/runs/:id', ({ params }) => {
      const id = Number(params.id);
      if (!Number.isInteger(id) || id <= 0)
        return HttpResponse.json(
          { error: 'params.id: id must be a positive integer', code: 'validation' },
          { status: 400 },
        );
      const run = state.logs.find((log) => log.id === id);
      if (!run)
        return HttpResponse.json(
          { error: 'This trend check does not exist (any more).', code: 'not_found' },
          { status: 404 },
        );
      return HttpResponse.json({ run, items: options.runItems?.[id] ?? [] });
    }),
    http.post('/api/trends/runs/:id/cancel', ({ params }) => {
      state.requests.push(`cancel ${params.id}`);
      const index = state.logs.findIndex((log) => log.id === Number(params.id));
      const run = state.logs[index];
      if (!run || run.status !== 'running')
        return HttpResponse.json({ error: 'This trend check has already finished', code: 'conflict' }, { status: 409 });
      const cancelled: TrendExecutionLog = {
        ...run,
        errors: [
          ...run.errors,
          { scope: 'run', target: 'trend check', kind: 'cancelled', message: 'Cancelled by the operator.' },
        ],
      };
      state.logs[index] = cancelled;
      return HttpResponse.json({ run: cancelled, items: options.runItems?.[cancelled.id] ?? [] });
    }),
    http.post('/api/trends/check', () => {
      if (options.busy || state.status.isRunning)
        return HttpResponse.json({ error: 'Trend check already running', code: 'conflict' }, { status: 409 });
      state.checks += 1;
      state.status = { isRunning: true, activeJobs: 1 };
      return HttpResponse.json({ status: 'started', job_id: `job-${state.checks}` }, { status: 202 });
    }),
  ];
  return { state, handlers };
}
