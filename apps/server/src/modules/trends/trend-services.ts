import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { ArticlePipeline } from '../article-pipeline/article-pipeline.module.js';
import type { ContentRevisions } from '../articles/article-store.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import { TrendArticleConsumer } from './trend-article-consumer.js';
import { type TrendCheckPorts, TrendCheckRunner } from './trend-check.runner.js';
import { TrendMonitorService } from './trend-monitor.service.js';
import { TrendRunsRepository } from './trend-runs.repository.js';
import { TrendSettingsService } from './trend-settings.service.js';
import { TrendTargetsRepository } from './trend-targets.repository.js';

export interface TrendServices {
  /** Settings → Trends (feeds, geo, interval). */
  trendSettings: TrendSettingsService;
  /** Runs one check (the job handler); its feedReader is replaceable in tests. */
  trendChecks: TrendCheckRunner;
  /** Status, stats, logs, processed trends, starting checks, the schedule. */
  trends: TrendMonitorService;
}

export interface TrendServiceDeps extends Omit<TrendCheckPorts, 'settings' | 'pipeline'> {
  pipeline: Pick<ArticlePipeline, 'enqueue' | 'queue' | 'register'>;
  db: Database;
  queue: JobQueue;
  config: Pick<AppConfig, 'trends' | 'timeZone'>;
  settings: SettingsRepository;
  /** The articles module: a trend article's Sources section is written there. */
  articleStore: ContentRevisions;
}

export function createTrendServices(deps: TrendServiceDeps): TrendServices {
  const runs = new TrendRunsRepository(deps.db);
  const targets = new TrendTargetsRepository(deps.db, deps.articleStore);
  const trendSettings = new TrendSettingsService(deps.settings, deps.config.trends, async () =>
    (await targets.targets()).filter((target) => target.postStatus === 'published').map((target) => target.siteName),
  );
  deps.pipeline.register('trend', new TrendArticleConsumer(runs, targets));
  const trendChecks = new TrendCheckRunner({
    runs,
    targets,
    pipeline: deps.pipeline,
    providers: deps.providers,
    settings: trendSettings,
    ...(deps.coveredOnSite ? { coveredOnSite: deps.coveredOnSite } : {}),
    ...(deps.budgetBlock ? { budgetBlock: deps.budgetBlock } : {}),
    timeZone: deps.config.timeZone,
  });
  return { trendSettings, trendChecks, trends: new TrendMonitorService(runs, trendChecks, deps.queue, trendSettings) };
}
