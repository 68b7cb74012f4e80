import { z } from 'zod';
import { idTextSchema } from './ids.js';
import { reviewReasonSchema } from './review.js';

/*
 * The calendar (issue #33 §3) and a new site's ramp-up pace (§4): what went out, what is scheduled on
 * WordPress, the slots the configurations will fill, and what waits for the operator, per day and site.
 */

// ---------------------------------------------------------------------------------------------
// Ramp-up pace
// ---------------------------------------------------------------------------------------------

/** A ramp starts at 1–49 posts a day and reaches the configuration's cap over 1–26 weeks. */
export const RAMP_LIMITS = { startPerDay: { min: 1, max: 49, default: 1 }, weeks: { min: 1, max: 26, default: 4 } };

const DAY_MS = 86_400_000;

export const rampInputSchema = z.object({
  start_per_day: z
    .number({ message: 'Starting pace must be a number' })
    .int('Starting pace must be a whole number')
    .min(RAMP_LIMITS.startPerDay.min, `Starting pace must be at least ${RAMP_LIMITS.startPerDay.min} a day`)
    .max(RAMP_LIMITS.startPerDay.max, `Starting pace must be at most ${RAMP_LIMITS.startPerDay.max} a day`),
  weeks: z
    .number({ message: 'Ramp weeks must be a number' })
    .int('Ramp weeks must be a whole number')
    .min(RAMP_LIMITS.weeks.min, `Ramp weeks must be between ${RAMP_LIMITS.weeks.min} and ${RAMP_LIMITS.weeks.max}`)
    .max(RAMP_LIMITS.weeks.max, `Ramp weeks must be between ${RAMP_LIMITS.weeks.min} and ${RAMP_LIMITS.weeks.max}`),
});
export type RampInput = z.infer<typeof rampInputSchema>;

/** The message when the starting pace is not below the cap it grows to (the dialog and the server). */
export const RAMP_START_BELOW_CAP = 'Starting pace must be below Max posts per day';

export const rampSchema = rampInputSchema.extend({
  /** When the ramp was switched on (ISO 8601): day 0 of the ramp. */
  started_at: z.string(),
});
export type Ramp = z.infer<typeof rampSchema>;

/**
 * The whole operator days from the ramp's start to the day that begins at `dayStart`: 0 on the day it
 * was switched on, 1 the next day (ceil: a ramp switched on at 15:00 has had one day by the next midnight).
 * The scheduler's SQL (posting-policy/ramp.ts) computes the same number.
 */
export function rampDaysElapsed(startedAt: Date, dayStart: Date): number {
  return Math.max(0, Math.ceil((dayStart.getTime() - startedAt.getTime()) / DAY_MS));
}

/**
 * The daily cap on the day that begins at `dayStart`: linear from the starting pace to `maxPerDay` over
 * `weeks` weeks (rounded down, integer arithmetic so the SQL agrees), then `maxPerDay`. No ramp: the cap.
 */
export function effectiveDailyCap(
  maxPerDay: number,
  ramp: { start_per_day: number; weeks: number; started_at: Date | string } | null,
  dayStart: Date,
): number {
  if (!ramp) return maxPerDay;
  const start = Math.min(ramp.start_per_day, maxPerDay);
  const days = rampDaysElapsed(new Date(ramp.started_at), dayStart);
  const span = ramp.weeks * 7;
  if (days >= span) return maxPerDay;
  return start + Math.floor(((maxPerDay - start) * days) / span);
}

// ---------------------------------------------------------------------------------------------
// GET /api/calendar
// ---------------------------------------------------------------------------------------------

/** The longest range one request may ask for (a month view with its leading and trailing weeks fits). */
export const CALENDAR_MAX_DAYS = 62;
/** The days a calendar date may name (a move's day too). */
export const CALENDAR_DAY_RANGE = { min: '1970-01-01', max: '9998-12-31' } as const;

const dayText = (field: string) =>
  z
    .string({ message: `${field} is required (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date written YYYY-MM-DD`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, `${field} is not a real date`)
    // Day arithmetic past 9999 leaves the four-digit form ("+010000-01-01"): such a range never ends.
    .refine(
      (text) => text >= CALENDAR_DAY_RANGE.min && text <= CALENDAR_DAY_RANGE.max,
      `${field} must be between ${CALENDAR_DAY_RANGE.min} and ${CALENDAR_DAY_RANGE.max}`,
    );

export const calendarQuerySchema = z
  .object({
    from: dayText('from'),
    to: dayText('to'),
    site_id: idTextSchema('site_id').optional(),
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY_MS + 1;
    if (Number.isNaN(days)) return;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > CALENDAR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `the range is at most ${CALENDAR_MAX_DAYS} days` });
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/**
 * What an item is: a post that went out (the app's article, or a post of the site's inventory the app
 * did not write), a post scheduled on WordPress, a slot a configuration will fill (a projection), an
 * article held for the operator, an article that goes out at its release time unless held.
 */
export const CALENDAR_ITEM_KINDS = ['published', 'scheduled', 'projected', 'held', 'delayed'] as const;
export const calendarItemKindSchema = z.enum(CALENDAR_ITEM_KINDS);
export type CalendarItemKind = z.infer<typeof calendarItemKindSchema>;

/** The legend's words for each kind (the page and its tests). */
export const CALENDAR_KIND_LABELS: Record<CalendarItemKind, string> = {
  published: 'Published',
  scheduled: 'Scheduled on WordPress',
  projected: 'Next slot (projected)',
  held: 'Held for review',
  delayed: 'Delayed release',
};

export const calendarItemSchema = z.object({
  /** Unique in the answer: 'article-12', 'post-3-481' (inventory), 'slot-4-2026-11-28T09:00:00.000Z'. */
  key: z.string(),
  kind: calendarItemKindSchema,
  /** The operator's day (YYYY-MM-DD, server time zone) the item falls on. */
  date: z.string(),
  /** The instant (ISO 8601): published, scheduled, projected, release or waiting-since time. */
  at: z.string(),
  site_id: z.number().int(),
  site_name: z.string(),
  title: z.string(),
  /** The app's article, or null for a site's own post (from its inventory) and a projected slot. */
  article_id: z.number().int().nullable(),
  /** True: the app wrote it. False: a post of the site the app did not write (from its inventory). */
  from_app: z.boolean(),
  /** True for a slot the configuration has not filled yet: where the posting policy will put it. */
  projection: z.boolean(),
  /** True: it can be moved to another day (a scheduled article in the future, a delayed article). */
  movable: z.boolean(),
  review_reason: reviewReasonSchema.nullable(),
  link: z.string().nullable(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarSiteDaySchema = z.object({
  site_id: z.number().int(),
  /** The configuration's cap that day with its ramp; null: the site has no configuration. */
  cap: z.number().int().nullable(),
  /** The app's posts that day that count against the cap: published, scheduled, projected, delayed. */
  count: z.number().int(),
  over_cap: z.boolean(),
  /** An active configuration's site with nothing at all that day. */
  gap: z.boolean(),
});
export type CalendarSiteDay = z.infer<typeof calendarSiteDaySchema>;

export const calendarSiteSchema = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  config_id: z.number().int().nullable(),
  /** The configuration posts (active configuration of an active site). */
  scheduling: z.boolean(),
  max_posts_per_day: z.number().int().nullable(),
  ramp: rampSchema.nullable(),
});

export const calendarResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The time zone days are counted in (the server's). */
  time_zone: z.string(),
  /** How the next slots are projected, in words (shown under the legend). */
  projection_rule: z.string(),
  sites: z.array(calendarSiteSchema),
  days: z.array(z.object({ date: z.string(), sites: z.array(calendarSiteDaySchema) })),
  items: z.array(calendarItemSchema),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

export const CALENDAR_PROJECTION_RULE =
  'Projected slots start at the next slot and follow every midpoint of the posting interval; a day at its cap (with the ramp) moves the next slot to the following midnight.';

// ---------------------------------------------------------------------------------------------
// POST /api/calendar/articles/{id}/reschedule
// ---------------------------------------------------------------------------------------------

export const calendarArticleParamSchema = z.object({ id: idTextSchema('id') });

export const rescheduleInputSchema = z.object({
  /** The new day (YYYY-MM-DD, server time zone); the time of day is kept. */
  date: dayText('date'),
});
export type RescheduleInput = z.infer<typeof rescheduleInputSchema>;

export const rescheduleResultSchema = z.object({
  article_id: z.number().int(),
  kind: z.enum(['scheduled', 'delayed']),
  /** The new scheduled time or release time (ISO 8601). */
  at: z.string(),
  /** True when the WordPress post's date was changed too. */
  wordpress_updated: z.boolean(),
  message: z.string(),
});
export type RescheduleResult = z.infer<typeof rescheduleResultSchema>;

/** The refusals' words (the server's 400/409 and the page's tests). */
export const RESCHEDULE_MESSAGES = {
  published: 'A published post cannot be moved: it has already gone out',
  notMovable: 'Only a scheduled article or a delayed one can be moved',
  pastDay: 'The new day is in the past: choose today or a later day',
  pastTime: 'The new time has already passed today: choose a later day',
  /** Its time has come: WordPress has published it (or the release job is doing it) whatever the record says. */
  alreadyDue: 'Its time has already come: it is going out or has gone out, so it cannot be moved',
  moved: 'Moved',
} as const;
