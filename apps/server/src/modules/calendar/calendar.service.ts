import {
  CALENDAR_PROJECTION_RULE,
  type CalendarItem,
  type CalendarQuery,
  type CalendarResponse,
  effectiveDailyCap,
  type Ramp,
  RESCHEDULE_MESSAGES,
  type RescheduleResult,
} from '@abp/contracts';
import { type AppError, badRequest, conflict, notFound } from '../../errors.js';
import { startOfOperatorDay } from '../posting-policy/index.js';
import type { CalendarRepository, CalendarSiteRow } from './calendar.repository.js';
import { dayOf, daysBetween, nextDay, startOfDay } from './calendar-days.js';
import { projectSlots } from './projection.js';

/** The articles module's moves (ArticleStore's ScheduleMoves), handed over by the container. */
export interface CalendarMoves {
  moveScheduledAt(id: number, at: Date, expected: Date): Promise<boolean>;
  moveReleaseAt(id: number, at: Date, expected: Date): Promise<boolean>;
}

/** Publishing's one publish path: an article already on WordPress has its post updated (its date with it). */
export interface CalendarPosts {
  publishArticle(
    id: number,
    options: { status: 'scheduled'; byHand: false; force: true },
  ): Promise<{ wordpress_status: string }>;
}

/** Projected slots per configuration in one answer (a 1-hour interval over 62 days stays under it). */
const PROJECTION_LIMIT = 1500;

const ARTICLE_NOT_FOUND = 'Article not found';

/** The calendar (issue #33 §3): what went out, what is scheduled, the next slots, what waits; and moves. */
export class CalendarService {
  constructor(
    private readonly repo: CalendarRepository,
    private readonly moves: CalendarMoves,
    private readonly posts: CalendarPosts,
    private readonly clock: { now: () => Date; timeZone: string },
  ) {}

  async range(query: CalendarQuery): Promise<CalendarResponse> {
    const { timeZone } = this.clock;
    const now = this.clock.now();
    const start = startOfDay(query.from, timeZone);
    const end = startOfDay(nextDay(query.to), timeZone);
    const siteRows = await this.repo.sites(query.site_id, startOfOperatorDay(now, timeZone));
    if (query.site_id !== undefined && siteRows.length === 0) throw notFound('Site not found');
    const siteIds = siteRows.map((s) => s.siteId);
    const names = new Map(siteRows.map((s) => [s.siteId, s.siteName]));
    const items: CalendarItem[] = [];
    const base = (siteId: number, at: Date) => ({
      date: dayOf(at, timeZone),
      at: at.toISOString(),
      site_id: siteId,
      site_name: names.get(siteId) ?? '',
    });

    if (siteIds.length > 0) {
      for (const a of await this.repo.articlesBetween(siteIds, start, end)) {
        if (a.siteId === null) continue;
        const common = { title: a.title, article_id: a.id, from_app: true, projection: false, link: null };
        const key = `article-${a.id}`;
        if (a.reviewReason === 'delayed' && a.releaseAt) {
          const movable = a.releaseAt > now;
          items.push({
            ...common,
            ...base(a.siteId, a.releaseAt),
            key,
            kind: 'delayed',
            movable,
            review_reason: 'delayed',
          });
        } else if (a.reviewReason && a.reviewSince) {
          items.push({
            ...common,
            ...base(a.siteId, a.reviewSince),
            key,
            kind: 'held',
            movable: false,
            review_reason: a.reviewReason,
          });
        } else if (a.status === 'published' && a.publishedAt) {
          items.push({
            ...common,
            ...base(a.siteId, a.publishedAt),
            key,
            kind: 'published',
            movable: false,
            review_reason: null,
            link: a.permalink,
          });
        } else if (a.status === 'scheduled' && a.scheduledAt) {
          const movable = a.scheduledAt > now;
          items.push({
            ...common,
            ...base(a.siteId, a.scheduledAt),
            key,
            kind: 'scheduled',
            movable,
            review_reason: null,
          });
        }
      }
      for (const p of await this.repo.sitePostsBetween(siteIds, start, end)) {
        if (!p.publishedAt) continue;
        items.push({
          ...base(p.siteId, p.publishedAt),
          key: `post-${p.siteId}-${p.wpId}`,
          kind: 'published',
          title: p.title,
          article_id: null,
          from_app: false,
          projection: false,
          movable: false,
          review_reason: null,
          link: p.link,
        });
      }
    }

    for (const site of siteRows) {
      if (!isScheduling(site)) continue;
      const capOn = capFor(site);
      const slots = projectSlots({
        nextPostAt: site.nextPostAt,
        intervalMin: site.intervalMin!,
        intervalMax: site.intervalMax!,
        now,
        until: end,
        capOn,
        usedToday: site.postsToday ?? 0,
        timeZone,
        limit: PROJECTION_LIMIT,
      });
      for (const slot of slots) {
        if (slot < start) continue;
        items.push({
          ...base(site.siteId, slot),
          key: `slot-${site.configId}-${slot.toISOString()}`,
          kind: 'projected',
          title: 'Next slot',
          article_id: null,
          from_app: true,
          projection: true,
          movable: false,
          review_reason: null,
          link: null,
        });
      }
    }
    items.sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key));

    const byDaySite = new Map<string, CalendarItem[]>();
    for (const item of items) {
      const k = `${item.date}|${item.site_id}`;
      byDaySite.set(k, [...(byDaySite.get(k) ?? []), item]);
    }
    const days = daysBetween(query.from, query.to).map((date) => {
      const dayStart = startOfDay(date, timeZone);
      return {
        date,
        sites: siteRows.map((site) => {
          const own = byDaySite.get(`${date}|${site.siteId}`) ?? [];
          const cap = site.maxPostsPerDay === null ? null : capFor(site)(dayStart);
          // The cap counts what the app sends out that day; a held article has no day yet, the site's own posts are not the app's.
          const count = own.filter((i) => i.from_app && i.kind !== 'held').length;
          return {
            site_id: site.siteId,
            cap,
            count,
            over_cap: cap !== null && count > cap,
            gap: isScheduling(site) && own.length === 0,
          };
        }),
      };
    });

    return {
      from: query.from,
      to: query.to,
      time_zone: timeZone,
      projection_rule: CALENDAR_PROJECTION_RULE,
      sites: siteRows.map((site) => ({
        site_id: site.siteId,
        site_name: site.siteName,
        config_id: site.configId,
        scheduling: isScheduling(site),
        max_posts_per_day: site.maxPostsPerDay,
        ramp: rampOf(site),
      })),
      days,
      items,
    };
  }

  /**
   * Moves a scheduled article (and its WordPress post, when it has one) or a delayed article's release
   * to another day, keeping the time of day. A published post, a held one and a past day are refused.
   */
  async reschedule(id: number, date: string): Promise<RescheduleResult> {
    const { timeZone } = this.clock;
    const now = this.clock.now();
    const article = await this.repo.findArticle(id);
    if (!article) throw notFound(ARTICLE_NOT_FOUND);
    if (article.status === 'published' || article.wordpressStatus === 'publish')
      throw conflict(RESCHEDULE_MESSAGES.published, [{ field: 'id', message: RESCHEDULE_MESSAGES.published }]);
    const delayed = article.reviewReason === 'delayed' && article.releaseAt !== null;
    const current = delayed ? article.releaseAt : article.status === 'scheduled' ? article.scheduledAt : null;
    if (!current || (article.reviewReason !== null && !delayed))
      throw conflict(RESCHEDULE_MESSAGES.notMovable, [{ field: 'id', message: RESCHEDULE_MESSAGES.notMovable }]);
    // A scheduled post whose time has passed is live on WordPress (the record learns it later), and a
    // due release is the release job's: moving either would take a live post off the site or race it.
    if (current <= now)
      throw conflict(RESCHEDULE_MESSAGES.alreadyDue, [{ field: 'id', message: RESCHEDULE_MESSAGES.alreadyDue }]);
    if (date < dayOf(now, timeZone)) throw badRequest('date', RESCHEDULE_MESSAGES.pastDay);
    // The time of day is kept: the same distance from the day's start (a daylight-saving day shifts it by its hour).
    const timeOfDay = current.getTime() - startOfOperatorDay(current, timeZone).getTime();
    const at = new Date(startOfDay(date, timeZone).getTime() + timeOfDay);
    if (at <= now) throw badRequest('date', RESCHEDULE_MESSAGES.pastTime);

    if (delayed) {
      if (!(await this.moves.moveReleaseAt(id, at, current))) throw this.raced();
      return {
        article_id: id,
        kind: 'delayed',
        at: at.toISOString(),
        wordpress_updated: false,
        message: moved(at, timeZone),
      };
    }
    if (!(await this.moves.moveScheduledAt(id, at, current))) throw this.raced();
    if (article.wordpressPostId === null || article.wordpressStatus !== 'future')
      return {
        article_id: id,
        kind: 'scheduled',
        at: at.toISOString(),
        wordpress_updated: false,
        message: moved(at, timeZone),
      };
    try {
      // The post is on WordPress already, scheduled: its date moves with it. Forced: the content was
      // judged when it was scheduled; moving the day is not a new decision on it.
      await this.posts.publishArticle(id, { status: 'scheduled', byHand: false, force: true });
    } catch (error) {
      // WordPress kept the old date: so does the article, and the refusal is the answer.
      await this.moves.moveScheduledAt(id, current, at).catch(() => undefined);
      throw error;
    }
    return {
      article_id: id,
      kind: 'scheduled',
      at: at.toISOString(),
      wordpress_updated: true,
      message: moved(at, timeZone),
    };
  }

  private raced(): AppError {
    return conflict('The article changed while it was being moved: reload the calendar and try again');
  }
}

const moved = (at: Date, timeZone: string) => `${RESCHEDULE_MESSAGES.moved} to ${dayOf(at, timeZone)}`;

function isScheduling(site: CalendarSiteRow): boolean {
  return site.siteActive && site.configId !== null && site.configActive === true;
}

function rampOf(site: CalendarSiteRow): Ramp | null {
  if (site.rampStartPerDay === null || site.rampWeeks === null || site.rampStartedAt === null) return null;
  return { start_per_day: site.rampStartPerDay, weeks: site.rampWeeks, started_at: site.rampStartedAt.toISOString() };
}

function capFor(site: CalendarSiteRow): (dayStart: Date) => number {
  const ramp = rampOf(site);
  return (dayStart) => effectiveDailyCap(site.maxPostsPerDay ?? 0, ramp, dayStart);
}
