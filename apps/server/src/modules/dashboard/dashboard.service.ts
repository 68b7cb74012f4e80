import { ARTICLE_STATUSES, ARTICLES_PER_DAY_WINDOW, type Dashboard, RECENT_ARTICLES_DAYS } from '@abp/contracts';
import type { DashboardRepository } from './dashboard.repository.js';
import { idleTrendSummary, type TrendSummarySource } from './trend-summary.js';

const NO_SITE_LABEL = 'No site (deleted or unassigned)';

export class DashboardService {
  constructor(
    private readonly repo: DashboardRepository,
    /** The trend monitor's status and stats (the trends module's service, given by container.ts). */
    private readonly trends: TrendSummarySource = idleTrendSummary,
  ) {}

  async get(timeZone = 'UTC'): Promise<Dashboard> {
    const [counts, siteRows, recent, perDay, monitor, stats, notLive] = await Promise.all([
      this.repo.countsBySiteAndStatus(),
      this.repo.sites(),
      this.repo.countCreatedSince(RECENT_ARTICLES_DAYS),
      this.repo.countsPerDay(ARTICLES_PER_DAY_WINDOW, timeZone),
      this.trends.monitorStatus(),
      this.trends.stats(),
      this.repo.countNotLive(),
    ]);
    const byStatus = new Map<string, number>();
    const bySite = new Map<number, number>();
    for (const { siteKey, status, count } of counts) {
      byStatus.set(status, (byStatus.get(status) ?? 0) + count);
      bySite.set(siteKey, (bySite.get(siteKey) ?? 0) + count);
    }
    const countOf = (status: string) => byStatus.get(status) ?? 0;
    const total = counts.reduce((sum, row) => sum + row.count, 0);
    const withoutSite = bySite.get(0) ?? 0;
    return {
      totalArticles: total,
      publishedArticles: countOf('published'),
      draftArticles: countOf('draft'),
      total_articles: total,
      by_status: ARTICLE_STATUSES.map((status) => ({ status, count: countOf(status) })),
      by_site: [
        ...siteRows.map((site) => ({
          site_id: site.id,
          site_name: site.name,
          site_url: site.url,
          count: bySite.get(site.id) ?? 0,
        })),
        ...(withoutSite > 0 ? [{ site_id: null, site_name: NO_SITE_LABEL, site_url: null, count: withoutSite }] : []),
      ],
      recent_articles: recent,
      not_live_posts: notLive,
      articles_per_day: perDay,
      time_zone: timeZone,
      trend_monitor: monitor,
      trend_stats: stats,
      generated_at: new Date().toISOString(),
    };
  }
}
