import type { SettingSource, TrendSettings } from '@abp/contracts';
import { z } from 'zod';
import { googleTrendsFeedUrl, type TrendEnvConfig } from '../../integrations/trends/index.js';

/** The 'trends' row of the settings table; a null value means "use the environment". */
export const storedTrendSettingsSchema = z.object({
  feeds: z.array(z.string()).nullable(),
  geo: z.string().nullable(),
  intervalHours: z.number().int().nullable(),
});
export type StoredTrendSettings = z.infer<typeof storedTrendSettingsSchema>;

/** What the monitor uses now. */
export interface ResolvedTrendSettings {
  feeds: string[];
  feedsDefault: boolean;
  geo: string;
  intervalHours: number;
  sources: { feeds: SettingSource; geo: SettingSource; interval_hours: SettingSource };
}

/** Saved values win over TREND_* variables; without any feed list, Google Trends' feed for the geo is read. */
export function resolveTrendSettings(env: TrendEnvConfig, saved: StoredTrendSettings | null): ResolvedTrendSettings {
  const savedFeeds = saved?.feeds && saved.feeds.length > 0 ? saved.feeds : null;
  const geo = saved?.geo ?? env.geo;
  const configured = savedFeeds ?? env.feeds;
  return {
    feeds: configured ?? [googleTrendsFeedUrl(geo)],
    feedsDefault: configured === null,
    geo,
    intervalHours: saved?.intervalHours ?? env.intervalHours,
    sources: {
      feeds: savedFeeds ? 'saved' : 'environment',
      geo: saved?.geo ? 'saved' : 'environment',
      interval_hours: saved?.intervalHours !== null && saved?.intervalHours !== undefined ? 'saved' : 'environment',
    },
  };
}

export function toTrendSettingsDto(
  resolved: ResolvedTrendSettings,
  savedAt: Date | null,
  liveSites: string[],
): TrendSettings {
  return {
    feeds: resolved.feeds,
    feeds_default: resolved.feedsDefault,
    geo: resolved.geo,
    interval_hours: resolved.intervalHours,
    sources: resolved.sources,
    saved_at: savedAt?.toISOString() ?? null,
    live_sites: liveSites,
  };
}
