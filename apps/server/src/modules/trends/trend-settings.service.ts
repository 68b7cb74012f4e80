import type { TrendSettings, TrendSettingsUpdate } from '@abp/contracts';
import type { TrendEnvConfig } from '../../integrations/trends/index.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import {
  type ResolvedTrendSettings,
  resolveTrendSettings,
  type StoredTrendSettings,
  storedTrendSettingsSchema,
  toTrendSettingsDto,
} from './trend-settings.js';

const KEY = 'trends';

/** Settings → Trends: feeds, country and interval; saved values override the TREND_* environment. */
export class TrendSettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly env: TrendEnvConfig,
    /** Names of the sites whose trend articles are published live (their active configuration says so). */
    private readonly liveSites: () => Promise<string[]> = async () => [],
  ) {}

  /** Read on every check, so a save applies at once in every process. */
  async resolve(): Promise<ResolvedTrendSettings> {
    return resolveTrendSettings(this.env, (await this.load())?.value ?? null);
  }

  async get(): Promise<TrendSettings> {
    const saved = await this.load();
    return toTrendSettingsDto(
      resolveTrendSettings(this.env, saved?.value ?? null),
      saved?.updatedAt ?? null,
      await this.liveSites(),
    );
  }

  async update(input: TrendSettingsUpdate): Promise<TrendSettings> {
    const feeds = input.feeds ? [...new Set(input.feeds)] : null;
    const value: StoredTrendSettings = {
      feeds: feeds && feeds.length > 0 ? feeds : null,
      geo: input.geo,
      intervalHours: input.interval_hours,
    };
    const stored = await this.repo.put(KEY, value);
    return toTrendSettingsDto(resolveTrendSettings(this.env, value), stored.updatedAt, await this.liveSites());
  }

  /** Forgets the saved values: the environment applies again. */
  async reset(): Promise<TrendSettings> {
    await this.repo.delete(KEY);
    return this.get();
  }

  private async load(): Promise<{ value: StoredTrendSettings; updatedAt: Date } | null> {
    const row = await this.repo.get(KEY);
    if (!row) return null;
    const parsed = storedTrendSettingsSchema.safeParse(row.value);
    // A row this version cannot read is ignored rather than stopping every check.
    return parsed.success ? { value: parsed.data, updatedAt: row.updatedAt } : null;
  }
}
