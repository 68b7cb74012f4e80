import { z } from 'zod';
import { articleStatusSchema } from './articles.js';
import { idTextSchema } from './ids.js';
import { settingSourceSchema } from './settings.js';

/* The trend monitor (spec part 2 §2.4): status, stats, execution logs, processed trends, checks, settings. */

// The status and stats objects (trendMonitorStatusSchema, trendStatsSchema) live in dashboard.ts: the dashboard shows the same figures.

export const TREND_MONITOR_REFRESH_MS = 30_000;
/** While a trend check runs the screens ask every 2 s, so 'Running...' ends with the check (issue #17 item 18). */
export const TREND_RUNNING_POLL_MS = 2_000;
/** After a check is started the screen re-reads its data once this much later. */
export const TREND_CHECK_REFETCH_MS = 2_000;
export const TREND_PAGE_SIZES = [5, 10, 25] as const;
export const TREND_DEFAULT_PAGE_SIZE = 10;
export const TREND_PAGE_MAX = 100;
/** Longer URLs are shown cut to this many characters plus '...'. */
export const TREND_URL_DISPLAY_CUT = 50;

export const TREND_MESSAGES = {
  alreadyRunning: 'Trend check already running',
  started: 'Trend check started',
  triggerFailed: 'Failed to trigger trend check',
  loadFailed: 'Failed to load trend monitor data',
} as const;

export const TREND_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export const TREND_RUN_TRIGGERS = ['manual', 'schedule'] as const;

/** One problem of a run: a feed that could not be read (scope feed, target its URL), a site whose article failed, … */
export const trendRunErrorSchema = z.object({
  scope: z.enum(['feed', 'site', 'run']),
  target: z.string(),
  /** timeout, network, redirect_refused, rate_limited, http_error, too_large, not_xml, malformed, not_a_feed, generation, publishing, … */
  kind: z.string(),
  message: z.string(),
});
export type TrendRunError = z.infer<typeof trendRunErrorSchema>;

/** The spec's Execution log, plus how the run went. */
export const trendExecutionLogSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(TREND_RUN_STATUSES),
  trigger: z.enum(TREND_RUN_TRIGGERS),
  trends_found: z.number().int().nonnegative(),
  articles_generated: z.number().int().nonnegative(),
  articles_published: z.number().int().nonnegative(),
  execution_time_ms: z.number().int().nonnegative(),
  errors: z.array(trendRunErrorSchema),
});
export type TrendExecutionLog = z.infer<typeof trendExecutionLogSchema>;

/** The spec's Processed trend: a trend that produced an article for a site. */
export const processedTrendSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  site_id: z.number().int().nullable(),
  site_name: z.string(),
  url: z.string().nullable(),
  article_id: z.number().int().nullable(),
  processed_at: z.string(),
});
export type ProcessedTrend = z.infer<typeof processedTrendSchema>;

const pageNumber = (field: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`)
    .default(fallback);

/** ?limit&offset of the two lists, newest first. */
export const trendPageQuerySchema = z.object({
  limit: pageNumber('limit', 1, TREND_PAGE_MAX, TREND_DEFAULT_PAGE_SIZE),
  offset: pageNumber('offset', 0, 1_000_000, 0),
});
export type TrendPageQuery = z.infer<typeof trendPageQuerySchema>;

/** A page without a total (the screen's pagination has "total unknown"); has_more tells whether a next page exists. */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), limit: z.number().int(), offset: z.number().int(), has_more: z.boolean() });

export const trendExecutionLogPageSchema = pageOf(trendExecutionLogSchema);
export type TrendExecutionLogPage = z.infer<typeof trendExecutionLogPageSchema>;
export const processedTrendPageSchema = pageOf(processedTrendSchema);
export type ProcessedTrendPage = z.infer<typeof processedTrendPageSchema>;

/* One trend check on a page of its own (issue #37 point 2): /jobs/trend/<id>, read from GET /api/trends/runs/{id}. */

export const trendRunIdParamSchema = z.object({ id: idTextSchema('id') });

/**
 * A trend the check matched to a site (its claim): `writing` while its article is under way,
 * `written` once the article exists (the article may have been deleted since: article_id null).
 */
export const trendRunItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  site_id: z.number().int().nullable(),
  site_name: z.string(),
  /** Where the trend was read (its feed entry's link), if it had one. */
  url: z.string().nullable(),
  state: z.enum(['writing', 'written']),
  article_id: z.number().int().nullable(),
  article_title: z.string().nullable(),
  article_status: articleStatusSchema.nullable(),
  /** The live post's address once published. */
  post_url: z.string().nullable(),
});
export type TrendRunItem = z.infer<typeof trendRunItemSchema>;

/** The run (as in the history) and the trends it matched to sites, in the order it claimed them. */
export const trendRunDetailSchema = z.object({ run: trendExecutionLogSchema, items: z.array(trendRunItemSchema) });
export type TrendRunDetail = z.infer<typeof trendRunDetailSchema>;

/** The trend run page's texts (the web tests and the e2e read them). */
export const TREND_RUN_PAGE = {
  title: 'Trend check',
  openPage: 'Open run',
  back: 'Back to Trend Monitor',
  written: 'Written',
  noneWritten: 'This check wrote no article.',
  problems: 'Skipped and failed',
  noProblems: 'Nothing was skipped and nothing failed.',
  openArticle: 'Open article',
  viewPost: 'View post',
  writing: 'Being written',
  // Why there is no per-item Retry: a trend whose article was not written loses its claim
  // (processed_trends keeps only trends that produced an article), so the next check matches it
  // again; an article written but not published is kept and is published from Articles.
  retryNote:
    'Nothing to retry here: a trend whose article could not be written is released, and the next check (Check Trends Now on the Trend Monitor) picks it up again. An article that was written but not published is listed above: open it to publish it from Articles.',
  running: 'This check is still running; the page follows it.',
  cancel: 'Cancel',
  cancelled: 'Trend check cancelled',
  cancelledReason: 'Cancelled by the operator: the articles not yet written were not written.',
  cancelledSkip: 'The check was cancelled',
  notRunning: 'This trend check has already finished: there is nothing to cancel.',
  notFound: 'This trend check does not exist (any more).',
} as const;

/** POST /api/trends/check → 202. */
export const trendCheckStartedSchema = z.object({ status: z.literal('started'), job_id: z.string() });
export type TrendCheckStarted = z.infer<typeof trendCheckStartedSchema>;

/* Settings → Trends: the feeds, the country of the default feed, and the interval of scheduled checks. */

export const TREND_SETTINGS_LIMITS = { feeds: 20, feedUrl: 2000, intervalHours: { min: 0, max: 168 } } as const;

/** GET /api/settings/trends: the values the monitor uses now, and where each comes from. */
export const trendSettingsSchema = z.object({
  /** The feeds a check reads. */
  feeds: z.array(z.string()),
  /** True when no feed list is configured and Google Trends' feed for `geo` is used. */
  feeds_default: z.boolean(),
  geo: z.string(),
  /** 0 = no scheduled checks. */
  interval_hours: z.number().int(),
  sources: z.object({ feeds: settingSourceSchema, geo: settingSourceSchema, interval_hours: settingSourceSchema }),
  saved_at: z.string().nullable(),
  /** The sites whose trend articles go out live (their active configuration publishes): the screen warns when no model writes them. */
  live_sites: z.array(z.string()),
});
export type TrendSettings = z.infer<typeof trendSettingsSchema>;

/** PUT /api/settings/trends. A null (or an empty feed list) falls back to the environment. */
export const trendSettingsUpdateSchema = z.object({
  feeds: z
    .array(
      z
        .string()
        .trim()
        .max(TREND_SETTINGS_LIMITS.feedUrl, `Feed URL must be at most ${TREND_SETTINGS_LIMITS.feedUrl} characters`)
        .pipe(z.url({ protocol: /^https?$/, message: 'Feed URL must be an http:// or https:// address' })),
    )
    .max(TREND_SETTINGS_LIMITS.feeds, `At most ${TREND_SETTINGS_LIMITS.feeds} feeds`)
    .nullable()
    .default(null),
  geo: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code such as US or GB')
    .transform((geo) => geo.toUpperCase())
    .nullable()
    .default(null),
  interval_hours: z
    .number({ message: 'Interval must be a number' })
    .int('Interval must be a whole number of hours')
    .min(TREND_SETTINGS_LIMITS.intervalHours.min, 'Interval must be at least 0 (0 turns scheduled checks off)')
    .max(
      TREND_SETTINGS_LIMITS.intervalHours.max,
      `Interval must be at most ${TREND_SETTINGS_LIMITS.intervalHours.max} hours`,
    )
    .nullable()
    .default(null),
});
export type TrendSettingsUpdate = z.infer<typeof trendSettingsUpdateSchema>;
export type TrendSettingsUpdateInput = z.input<typeof trendSettingsUpdateSchema>;
