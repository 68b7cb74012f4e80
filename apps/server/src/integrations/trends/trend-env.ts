import { z } from 'zod';

/** The trend monitor's environment (TREND_*); values saved in the Settings screen override it. */
export interface TrendEnvConfig {
  /** TREND_FEEDS; null when unset, which means Google Trends' feed for the effective geo. */
  feeds: string[] | null;
  /** TREND_GEO: the country of the default Google Trends feed. */
  geo: string;
  /** TREND_CHECK_INTERVAL_HOURS: hours between scheduled checks; 0 turns the schedule off. */
  intervalHours: number;
}

export const TREND_INTERVAL_MAX_HOURS = 168;
export const TREND_FEEDS_MAX = 20;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const trendEnvSchema = {
  TREND_FEEDS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.length <= TREND_FEEDS_MAX, `must list at most ${TREND_FEEDS_MAX} feeds`)
    .refine((urls) => urls.every(isHttpUrl), 'must be comma-separated http:// or https:// URLs')
    .optional(),
  TREND_GEO: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as US or GB')
    .transform((geo) => geo.toUpperCase())
    .default('US'),
  TREND_CHECK_INTERVAL_HOURS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of hours')
    .min(0, 'must be at least 0 (0 turns the schedule off)')
    .max(TREND_INTERVAL_MAX_HOURS, `must be at most ${TREND_INTERVAL_MAX_HOURS}`)
    .default(4),
};

export function trendEnvConfig(env: {
  TREND_FEEDS?: string[] | undefined;
  TREND_GEO: string;
  TREND_CHECK_INTERVAL_HOURS: number;
}): TrendEnvConfig {
  return {
    feeds: env.TREND_FEEDS && env.TREND_FEEDS.length > 0 ? env.TREND_FEEDS : null,
    geo: env.TREND_GEO,
    intervalHours: env.TREND_CHECK_INTERVAL_HOURS,
  };
}
