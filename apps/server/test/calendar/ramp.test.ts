import { effectiveDailyCap, rampDaysElapsed } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blogConfigs } from '../../src/db/schema/index.js';
import { projectSlots } from '../../src/modules/calendar/projection.js';
import { effectiveCapSql } from '../../src/modules/posting-policy/index.js';
import {
  configValues,
  HOUR,
  insertSite,
  removeAllConfigs,
  schedulerHarness,
  setNextPostAt,
  TestClock,
  useFakeWordPress,
} from '../scheduler/scheduler-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DAY = 24 * HOUR;
const ramp = (start: number, weeks: number, startedAt: string) => ({
  start_per_day: start,
  weeks,
  started_at: startedAt,
});

describe('ramp maths', () => {
  const started = '2031-03-01T15:00:00.000Z';
  it('counts whole days from the day the ramp was switched on', () => {
    expect(rampDaysElapsed(new Date(started), new Date('2031-03-01T00:00:00Z'))).toBe(0);
    expect(rampDaysElapsed(new Date(started), new Date('2031-03-02T00:00:00Z'))).toBe(1);
    expect(rampDaysElapsed(new Date(started), new Date('2031-03-08T00:00:00Z'))).toBe(7);
  });

  it('grows linearly from the starting pace to the cap, rounded down, then stays at the cap', () => {
    const r = ramp(2, 2, started); // 2 → 9 over 14 days: +0.5 a day
    const capOn = (day: string) => effectiveDailyCap(9, r, new Date(`${day}T00:00:00Z`));
    expect(capOn('2031-03-01')).toBe(2);
    expect(capOn('2031-03-02')).toBe(2); // 2.5
    expect(capOn('2031-03-03')).toBe(3);
    expect(capOn('2031-03-08')).toBe(5); // 2 + 3.5
    expect(capOn('2031-03-14')).toBe(8); // 2 + 6.5
    expect(capOn('2031-03-15')).toBe(9); // 14 days: the cap
    expect(capOn('2031-06-01')).toBe(9);
  });

  it('without a ramp the cap is the configuration’s, whatever the day', () => {
    expect(effectiveDailyCap(7, null, new Date('2031-03-01T00:00:00Z'))).toBe(7);
  });
});

describe('projected slots', () => {
  const tz = 'UTC';
  it('follow the midpoint interval from the next slot and stop at a day’s cap until midnight', () => {
    const slots = projectSlots({
      nextPostAt: new Date('2031-03-01T20:00:00Z'),
      intervalMin: 1,
      intervalMax: 3, // midpoint: every 2 hours
      now: new Date('2031-03-01T19:00:00Z'),
      until: new Date('2031-03-02T06:00:00Z'),
      capOn: () => 2,
      usedToday: 1,
      timeZone: tz,
      limit: 100,
    });
    // Today: 1 used, room for 1 (20:00); 22:00 waits for midnight; then 00:00 and 02:00 (cap 2).
    expect(slots.map((d) => d.toISOString())).toEqual([
      '2031-03-01T20:00:00.000Z',
      '2031-03-02T00:00:00.000Z',
      '2031-03-02T02:00:00.000Z',
    ]);
  });

  it('an overdue slot is projected now', () => {
    const now = new Date('2031-03-01T10:00:00Z');
    const [first] = projectSlots({
      nextPostAt: new Date('2031-02-01T10:00:00Z'),
      intervalMin: 4,
      intervalMax: 4,
      now,
      until: new Date('2031-03-02T00:00:00Z'),
      capOn: () => 10,
      usedToday: 0,
      timeZone: tz,
      limit: 10,
    });
    expect(first).toEqual(now);
  });
});

describe('the ramp on the server', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    useFakeWordPress(t);
    await removeAllConfigs(t);
  });

  it('the SQL cap the scheduler uses agrees with the contracts’ maths on every day of a ramp', async () => {
    const site = await insertSite(t);
    const startedAt = new Date('2031-03-01T15:00:00Z');
    const [row] = await t.ctx.handle.db
      .insert(blogConfigs)
      .values({
        siteId: site.id,
        topics: ['Soil'],
        maxPostsPerDay: 11,
        rampStartPerDay: 2,
        rampWeeks: 3,
        rampStartedAt: startedAt,
      })
      .returning();
    for (let d = -1; d <= 24; d++) {
      const dayStart = new Date(Date.parse('2031-03-01T00:00:00Z') + d * DAY);
      const [got] = await t.ctx.handle.db
        .select({ cap: effectiveCapSql(dayStart) })
        .from(blogConfigs)
        .where(eq(blogConfigs.id, row!.id));
      expect(got!.cap, `day ${d}`).toBe(
        effectiveDailyCap(11, { start_per_day: 2, weeks: 3, started_at: startedAt }, dayStart),
      );
    }
  });

  it('the scheduler stops at the ramp’s cap of the day, not the configuration’s', async () => {
    const clock = new TestClock(new Date('2031-04-01T08:00:00Z'));
    const h = schedulerHarness(t, { clock });
    const site = await insertSite(t);
    const config = await h.configs.create(
      configValues(site.id, {
        posting_interval_min: 1,
        posting_interval_max: 1,
        max_posts_per_day: 10,
        ramp: { start_per_day: 2, weeks: 4 },
      }),
    );
    expect(config).toMatchObject({ cap_today: 2, ramp: { start_per_day: 2, weeks: 4 } });
    await setNextPostAt(t, config.id, clock.now());
    expect((await h.scheduler.tick()).claimed).toHaveLength(1);
    clock.advance(HOUR);
    expect((await h.scheduler.tick()).claimed).toHaveLength(1);
    clock.advance(HOUR);
    // Without the ramp the cap of 10 would let this one through.
    expect((await h.scheduler.tick()).claimed).toHaveLength(0);
    // 14 days in: 2 + 8 × 14/28 = 6 a day.
    clock.set('2031-04-15T08:00:00Z');
    expect((await h.configs.get(config.id)).cap_today).toBe(6);
    let claimed = 0;
    for (let i = 0; i < 10; i++) {
      claimed += (await h.scheduler.tick()).claimed.length;
      clock.advance(HOUR);
    }
    expect(claimed).toBe(6);
  });

  it('the API takes the ramp, keeps its first day through edits, and clears it when turned off', async () => {
    const site = await insertSite(t);
    const body = { ...configValues(site.id, { max_posts_per_day: 8 }), ramp: { start_per_day: 1, weeks: 2 } };
    const created = await t.request({ method: 'POST', url: '/api/config', cookie, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const config = created.json();
    expect(config).toMatchObject({ ramp: { start_per_day: 1, weeks: 2 }, cap_today: 1, max_posts_per_day: 8 });
    const edited = await t.request({
      method: 'PUT',
      url: `/api/config/${config.id}`,
      cookie,
      payload: { ...body, ramp: { start_per_day: 3, weeks: 2 } },
    });
    expect(edited.json().ramp).toEqual({ start_per_day: 3, weeks: 2, started_at: config.ramp.started_at });
    const off = await t.request({
      method: 'PUT',
      url: `/api/config/${config.id}`,
      cookie,
      payload: { ...body, ramp: null },
    });
    expect(off.json()).toMatchObject({ ramp: null, cap_today: 8 });
    const [stored] = await t.ctx.handle.db
      .select({ startedAt: blogConfigs.rampStartedAt })
      .from(blogConfigs)
      .where(eq(blogConfigs.id, config.id));
    expect(stored!.startedAt).toBeNull();
    // An existing configuration without a ramp keeps its cap.
    const plain = (await t.request({ method: 'GET', url: `/api/config/${config.id}`, cookie })).json();
    expect(plain.cap_today).toBe(8);
  });

  it('refuses a starting pace at or above the cap, and weeks out of range, naming the field', async () => {
    const site = await insertSite(t);
    const base = configValues(site.id, { max_posts_per_day: 3 });
    const high = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { ...base, ramp: { start_per_day: 3, weeks: 2 } },
    });
    expect(high.statusCode).toBe(400);
    expect(high.json().details).toContainEqual({
      field: 'body.ramp.start_per_day',
      message: 'Starting pace must be below Max posts per day',
    });
    const weeks = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { ...base, ramp: { start_per_day: 1, weeks: 0 } },
    });
    expect(weeks.statusCode).toBe(400);
    expect(weeks.json().details[0].field).toBe('body.ramp.weeks');
  });
});
