import { z } from 'zod';
import { articleStatusSchema } from './articles.js';

/* GET /api/dashboard: the operator's daily view, every figure computed by the database. */

export const DASHBOARD_REFRESH_MS = 30_000;
export const RECENT_ARTICLES_DAYS = 7;
export const ARTICLES_PER_DAY_WINDOW = 30;

/** Optional `tz` (an IANA zone such as Europe/Berlin) decides where a day starts; default UTC. */
export const dashboardQuerySchema = z.object({
  tz: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').optional(),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const trendMonitorStatusSchema = z.object({
  isRunning: z.boolean(),
  activeJobs: z.number().int().nonnegative(),
});
export type TrendMonitorStatus = z.infer<typeof trendMonitorStatusSchema>;

export const trendLastExecutionSchema = z.object({
  trends_found: z.number().int().nonnegative(),
  articles_generated: z.number().int().nonnegative(),
  articles_published: z.number().int().nonnegative(),
  execution_time_ms: z.number().nonnegative(),
  created_at: z.string(),
  /** The feeds the check could not read, each with why (issue #17 item 12): "found 0" is not "none were there". */
  unreachable_feeds: z.array(z.object({ feed: z.string(), reason: z.string() })),
});
export type TrendLastExecution = z.infer<typeof trendLastExecutionSchema>;

export const trendStatsSchema = z.object({
  total_processed: z.number().int().nonnegative(),
  /** Articles created in the last 7 days, all of them: the Dashboard's "Recent Articles" (issue #17 item 18). */
  recent_articles: z.number().int().nonnegative(),
  /** Of those, the ones a trend check wrote. */
  recent_trend_articles: z.number().int().nonnegative(),
  last_execution: trendLastExecutionSchema.nullable(),
});
export type TrendStats = z.infer<typeof trendStatsSchema>;

export const dashboardSchema = z.object({
  // The three figures the original screen read (spec part 1, Dashboard data).
  totalArticles: z.number().int().nonnegative(),
  publishedArticles: z.number().int().nonnegative(),
  draftArticles: z.number().int().nonnegative(),
  total_articles: z.number().int().nonnegative(),
  /** Every status, in the order of ARTICLE_STATUSES, zeros included. */
  by_status: z.array(z.object({ status: articleStatusSchema, count: z.number().int().nonnegative() })),
  /** Every site, even without articles; articles whose site was deleted are one row with site_id null. */
  by_site: z.array(
    z.object({
      site_id: z.number().int().nullable(),
      site_name: z.string(),
      site_url: z.string().nullable(),
      count: z.number().int().nonnegative(),
    }),
  ),
  /** Articles created in the last 7 days (a rolling window). */
  recent_articles: z.number().int().nonnegative(),
  /** Articles whose WordPress post failed its last live check (deleted, unpublished, not reachable). */
  not_live_posts: z.number().int().nonnegative(),
  /** The last 30 days, oldest first, today included; days without articles have count 0. */
  articles_per_day: z.array(z.object({ date: z.string(), count: z.number().int().nonnegative() })),
  time_zone: z.string(),
  trend_monitor: trendMonitorStatusSchema,
  trend_stats: trendStatsSchema,
  generated_at: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
