import type { TrendSettings, TrendSettingsUpdateInput } from '@abp/contracts';

/** Empty fields mean "use the environment"; only what the operator typed is saved. */
export interface TrendFormValues {
  feeds: string;
  geo: string;
  interval_hours: string;
}

export type TrendFormField = keyof TrendFormValues;

export function toTrendFormValues(settings: TrendSettings): TrendFormValues {
  return {
    feeds: settings.sources.feeds === 'saved' ? settings.feeds.join('\n') : '',
    geo: settings.sources.geo === 'saved' ? settings.geo : '',
    interval_hours: settings.sources.interval_hours === 'saved' ? String(settings.interval_hours) : '',
  };
}

export function toTrendUpdateBody(values: TrendFormValues): TrendSettingsUpdateInput {
  const feeds = values.feeds
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
  const interval = values.interval_hours.trim();
  return {
    feeds: feeds.length > 0 ? feeds : null,
    geo: values.geo.trim() || null,
    interval_hours: interval === '' ? null : Number(interval),
  };
}

/** body.feeds.3 → feeds */
export function trendFieldOf(path: string): TrendFormField | null {
  const name = path.replace(/^body\./, '').split('.')[0];
  return name === 'feeds' || name === 'geo' || name === 'interval_hours' ? name : null;
}
