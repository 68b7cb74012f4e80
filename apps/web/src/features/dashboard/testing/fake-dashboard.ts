import type { Dashboard } from '@abp/contracts';

export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10),
    count: i % 7 === 0 ? 3 : 0,
  }));
  return {
    totalArticles: 42,
    publishedArticles: 30,
    draftArticles: 7,
    total_articles: 42,
    by_status: [
      { status: 'draft', count: 7 },
      { status: 'review', count: 1 },
      { status: 'published', count: 30 },
      { status: 'scheduled', count: 2 },
      { status: 'failed', count: 2 },
    ],
    by_site: [
      { site_id: 1, site_name: 'Garden Blog', site_url: 'https://garden.example', count: 40 },
      { site_id: 2, site_name: 'Kitchen Blog', site_url: 'https://kitchen.example', count: 2 },
    ],
    recent_articles: 9,
    not_live_posts: 0,
    articles_per_day: days,
    time_zone: 'UTC',
    trend_monitor: { isRunning: false, activeJobs: 0 },
    trend_stats: { total_processed: 0, recent_articles: 0, recent_trend_articles: 0, last_execution: null },
    generated_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}
