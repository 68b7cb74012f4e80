import { CALENDAR_MAX_DAYS, type CalendarResponse, RESCHEDULE_MESSAGES } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, blogConfigs, siteInventoryItems } from '../../src/db/schema/index.js';
import { insertArticle, insertSite } from '../articles/article-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DAY = 86_400_000;
/** A day relative to today (UTC, the test app's time zone), as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number, time: string) => new Date(`${day(offset)}T${time}Z`);

describe('GET /api/calendar and rescheduling', () => {
  let t: TestApp;
  let cookie: string;
  let siteA: number;
  let siteB: number;
  let configA: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    siteA = (await insertSite(t, { name: 'Calendar A' })).id;
    siteB = (await insertSite(t, { name: 'Calendar B' })).id;
    const db = t.ctx.handle.db;
    const [a] = await db
      .insert(blogConfigs)
      .values({
        siteId: siteA,
        topics: ['Soil'],
        postingIntervalMin: 2,
        postingIntervalMax: 2,
        maxPostsPerDay: 3,
        nextPostAt: at(1, '10:00:00'),
      })
      .returning();
    configA = a!.id;
    // B ramps from 1 a day to 8 over a week, from today; its next slot is far away.
    await db.insert(blogConfigs).values({
      siteId: siteB,
      topics: ['Mulch'],
      maxPostsPerDay: 8,
      nextPostAt: at(400, '10:00:00'),
      rampStartPerDay: 1,
      rampWeeks: 1,
      rampStartedAt: new Date(),
    });
    ids.published = (
      await insertArticle(t, {
        siteId: siteA,
        title: 'Went out yesterday',
        status: 'published',
        publishedAt: at(-1, '08:00:00'),
        wordpressPostId: 901,
        wordpressStatus: 'publish',
        wordpressPermalink: 'https://a.example/went-out',
      })
    ).id;
    ids.scheduled = (
      await insertArticle(t, {
        siteId: siteA,
        title: 'Goes out in two days',
        status: 'scheduled',
        scheduledAt: at(2, '09:30:00'),
      })
    ).id;
    ids.early = (
      await insertArticle(t, {
        siteId: siteA,
        title: 'Early bird',
        status: 'scheduled',
        scheduledAt: at(1, '00:00:30'),
      })
    ).id;
    ids.delayed = (
      await insertArticle(t, {
        siteId: siteA,
        title: 'Released in three days',
        status: 'draft',
        reviewReason: 'delayed',
        reviewSince: new Date(),
        releaseAt: at(3, '11:00:00'),
      })
    ).id;
    ids.held = (
      await insertArticle(t, {
        siteId: siteA,
        title: 'Held for a look',
        status: 'draft',
        reviewReason: 'held',
        reviewSince: new Date(),
      })
    ).id;
    for (let i = 0; i < 4; i++)
      await insertArticle(t, {
        siteId: siteA,
        title: `Crowded day ${i}`,
        status: 'scheduled',
        scheduledAt: at(5, `1${i}:00:00`),
      });
    // The site's own post (not the app's), and the inventory's copy of the app's published post (shown once).
    await db.insert(siteInventoryItems).values([
      {
        siteId: siteA,
        kind: 'post',
        wpId: 77,
        title: 'Written by hand',
        slug: 'by-hand',
        link: 'https://a.example/by-hand',
        status: 'publish',
        publishedAt: at(-2, '12:00:00'),
      },
      {
        siteId: siteA,
        kind: 'post',
        wpId: 901,
        title: 'Went out yesterday',
        slug: 'went-out',
        link: 'https://a.example/went-out',
        status: 'publish',
        publishedAt: at(-1, '08:00:00'),
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (query: string) => t.request({ method: 'GET', url: `/api/calendar?${query}`, cookie });
  const range = async (query = '') => {
    const res = await get(`from=${day(-3)}&to=${day(6)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CalendarResponse;
  };
  const siteDay = (cal: CalendarResponse, offset: number, siteId: number) =>
    cal.days.find((d) => d.date === day(offset))!.sites.find((s) => s.site_id === siteId)!;

  it('shows every kind on its day, marks the app’s posts and the projections', async () => {
    const cal = await range();
    const own = cal.items.filter((i) => i.site_id === siteA && i.kind !== 'projected');
    const find = (title: string) => own.find((i) => i.title === title);
    expect(find('Went out yesterday')).toMatchObject({
      kind: 'published',
      date: day(-1),
      from_app: true,
      article_id: ids.published,
      movable: false,
      link: 'https://a.example/went-out',
    });
    expect(own.filter((i) => i.title === 'Went out yesterday')).toHaveLength(1);
    expect(find('Written by hand')).toMatchObject({
      kind: 'published',
      date: day(-2),
      from_app: false,
      article_id: null,
    });
    expect(find('Goes out in two days')).toMatchObject({ kind: 'scheduled', date: day(2), movable: true });
    expect(find('Released in three days')).toMatchObject({
      kind: 'delayed',
      date: day(3),
      at: at(3, '11:00:00').toISOString(),
      review_reason: 'delayed',
      movable: true,
    });
    expect(find('Held for a look')).toMatchObject({
      kind: 'held',
      date: day(0),
      review_reason: 'held',
      movable: false,
    });
    // From the next slot every 2 hours (the midpoint of 2–2), 3 a day at most; the full day holds the slot until midnight.
    const projected = cal.items.filter((i) => i.site_id === siteA && i.kind === 'projected');
    expect(projected.every((i) => i.projection && !i.movable && i.from_app)).toBe(true);
    expect(projected.filter((i) => i.date === day(1)).map((i) => i.at)).toEqual(
      ['10:00:00', '12:00:00', '14:00:00'].map((time) => at(1, time).toISOString()),
    );
    expect(projected.filter((i) => i.date === day(2)).map((i) => i.at)).toEqual(
      ['00:00:00', '02:00:00', '04:00:00'].map((time) => at(2, time).toISOString()),
    );
    expect(projected.some((i) => i.date <= day(0))).toBe(false);
    expect(cal.sites.find((s) => s.site_id === siteA)).toMatchObject({
      scheduling: true,
      max_posts_per_day: 3,
      ramp: null,
    });
  });

  it('gives each day its cap (with the ramp), flags over-cap days and gaps', async () => {
    const cal = await range();
    expect(cal.days).toHaveLength(10);
    // Day 5: four scheduled and three projected slots against a cap of 3.
    expect(siteDay(cal, 5, siteA)).toMatchObject({ cap: 3, count: 7, over_cap: true, gap: false });
    // Day 1: three projected, one scheduled at 00:00:30.
    expect(siteDay(cal, 1, siteA)).toMatchObject({ cap: 3, count: 4, over_cap: true });
    expect(siteDay(cal, -2, siteA)).toMatchObject({ count: 0, over_cap: false, gap: false }); // the site's own post
    expect(siteDay(cal, -3, siteA)).toMatchObject({ count: 0, gap: true });
    // B: 1 a day today, one more each day, 8 after a week; nothing planned there at all.
    expect([0, 1, 2, 6].map((d) => siteDay(cal, d, siteB).cap)).toEqual([1, 2, 3, 7]);
    expect(siteDay(cal, -3, siteB).cap).toBe(1);
    expect(siteDay(cal, 3, siteB)).toMatchObject({ gap: true, over_cap: false });
    expect(cal.sites.find((s) => s.site_id === siteB)?.ramp).toMatchObject({ start_per_day: 1, weeks: 1 });
  });

  it('filters by site, and an inactive configuration has no projections and no gaps', async () => {
    const only = await range(`&site_id=${siteB}`);
    expect(new Set(only.items.map((i) => i.site_id))).toEqual(new Set());
    expect(only.sites.map((s) => s.site_id)).toEqual([siteB]);
    await t.ctx.handle.db.update(blogConfigs).set({ isActive: false }).where(eq(blogConfigs.id, configA));
    try {
      const cal = await range(`&site_id=${siteA}`);
      expect(cal.items.some((i) => i.kind === 'projected')).toBe(false);
      expect(cal.days.some((d) => d.sites[0]!.gap)).toBe(false);
    } finally {
      await t.ctx.handle.db.update(blogConfigs).set({ isActive: true }).where(eq(blogConfigs.id, configA));
    }
  });

  it('refuses a bad range with a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      [`to=${day(1)}`, 'querystring.from'],
      [`from=${day(0)}&to=${day(CALENDAR_MAX_DAYS)}`, 'querystring.to'],
      [`from=${day(3)}&to=${day(1)}`, 'querystring.to'],
      ['from=2031-02-30&to=2031-03-02', 'querystring.from'],
      ['from=tomorrow&to=2031-03-02', 'querystring.from'],
      // Past 9999 the day arithmetic leaves the four-digit form: this range never ended (a hung server).
      ['from=9999-12-31&to=9999-12-31', 'querystring.from'],
      ['from=1969-12-31&to=1970-01-01', 'querystring.from'],
      [`from=${day(0)}&to=${day(1)}&site_id=abc`, 'querystring.site_id'],
    ];
    for (const [query, field] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0].field, query).toBe(field);
    }
    expect((await get(`from=${day(0)}&to=${day(CALENDAR_MAX_DAYS - 1)}`)).statusCode).toBe(200);
    expect((await get(`from=${day(0)}&to=${day(1)}&site_id=999999`)).statusCode).toBe(404);
  });

  const move = (id: number | string, date: unknown) =>
    t.request({ method: 'POST', url: `/api/calendar/articles/${id}/reschedule`, cookie, payload: { date } });
  const row = async (id: number) => (await t.ctx.handle.db.select().from(articles).where(eq(articles.id, id)))[0]!;

  it('moves a scheduled article to another day, keeping its time of day', async () => {
    const res = await move(ids.scheduled!, day(4));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      article_id: ids.scheduled,
      kind: 'scheduled',
      at: at(4, '09:30:00').toISOString(),
      wordpress_updated: false,
    });
    expect((await row(ids.scheduled!)).scheduledAt?.toISOString()).toBe(at(4, '09:30:00').toISOString());
  });

  it('moves a delayed article’s release', async () => {
    const res = await move(ids.delayed!, day(1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'delayed', at: at(1, '11:00:00').toISOString() });
    const stored = await row(ids.delayed!);
    expect(stored.releaseAt?.toISOString()).toBe(at(1, '11:00:00').toISOString());
    expect(stored.reviewReason).toBe('delayed');
  });

  it('refuses published posts, held articles, past days and times, naming why', async () => {
    const published = await move(ids.published!, day(3));
    expect(published.statusCode).toBe(409);
    expect(published.json().error).toBe(RESCHEDULE_MESSAGES.published);
    const held = await move(ids.held!, day(3));
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toBe(RESCHEDULE_MESSAGES.notMovable);
    const past = await move(ids.scheduled!, day(-1));
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([{ field: 'date', message: RESCHEDULE_MESSAGES.pastDay }]);
    // 00:00:30 today has passed.
    const passed = await move(ids.early!, day(0));
    expect(passed.statusCode).toBe(400);
    expect(passed.json().details).toEqual([{ field: 'date', message: RESCHEDULE_MESSAGES.pastTime }]);
    expect((await row(ids.early!)).scheduledAt?.toISOString()).toBe(at(1, '00:00:30').toISOString());
    // Its time has come: WordPress has published it whatever the record says; moving it would take a live post off the site.
    const overdue = (
      await insertArticle(t, {
        siteId: siteA,
        title: 'Was due an hour ago',
        status: 'scheduled',
        scheduledAt: new Date(Date.now() - 3_600_000),
        wordpressPostId: 902,
        wordpressStatus: 'future',
      })
    ).id;
    const due = await move(overdue, day(3));
    expect(due.statusCode).toBe(409);
    expect(due.json().error).toBe(RESCHEDULE_MESSAGES.alreadyDue);
    const bad = await move(ids.scheduled!, '31/12/2031');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.date');
    expect((await move(999999, day(3))).statusCode).toBe(404);
    expect((await move('abc', day(3))).statusCode).toBe(400);
  });
});
