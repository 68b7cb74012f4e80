import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, sites } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import {
  configRow,
  configValues,
  HOUR,
  insertSite,
  removeAllConfigs,
  schedulerHarness,
  sequence,
  setNextPostAt,
  slotsOf,
  TestClock,
  useFakeWordPress,
} from './scheduler-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  useFakeWordPress(t);
  await removeAllConfigs(t);
});

describe('daily cap', () => {
  it("holds per operator day in TZ and opens again at the zone's midnight", async () => {
    // 18:30 New York time on 15 January 2031 (23:30 UTC).
    const clock = new TestClock(new Date('2031-01-15T23:30:00Z'));
    const h = schedulerHarness(t, { clock, timeZone: 'America/New_York' });
    const site = await insertSite(t);
    const config = await h.configs.create(
      configValues(site.id, { posting_interval_min: 1, posting_interval_max: 1, max_posts_per_day: 2 }),
    );
    await setNextPostAt(t, config.id, clock.now());

    expect((await h.scheduler.tick()).claimed).toHaveLength(1); // 18:30
    clock.advance(HOUR); // 19:30 local, 00:30 UTC: a new day in UTC, the same day in New York
    expect((await h.scheduler.tick()).claimed).toHaveLength(1);
    expect((await h.configs.get(config.id)).posts_today).toBe(2);

    clock.advance(HOUR); // 20:30: due, but the cap of 2 is reached
    expect((await h.scheduler.tick()).claimed).toHaveLength(0);
    clock.set('2031-01-16T04:59:59Z'); // 23:59:59 local
    expect((await h.scheduler.tick()).claimed).toHaveLength(0);
    // The slot stays due, so the new day starts with one post, not a burst of the missed ones.
    expect((await configRow(t, config.id)).nextPostAt!.toISOString()).toBe('2031-01-16T01:30:00.000Z');

    clock.set('2031-01-16T05:00:30Z'); // 00:00:30 on the 16th in New York
    expect((await h.configs.get(config.id)).posts_today).toBe(0);
    expect((await h.scheduler.tick()).claimed).toHaveLength(1);
    expect((await h.scheduler.tick()).claimed).toHaveLength(0);
    expect((await configRow(t, config.id)).nextPostAt!.toISOString()).toBe('2031-01-16T06:00:30.000Z');
  });

  it('does not count failed slots against the cap', async () => {
    const clock = new TestClock(new Date('2031-02-01T10:00:00Z'));
    const generation = {
      generateAndStore: async () => {
        throw new Error('should not be reached');
      },
    };
    const h = schedulerHarness(t, { clock, generation });
    const site = await insertSite(t);
    const config = await h.configs.create(
      configValues(site.id, { posting_interval_min: 1, posting_interval_max: 1, max_posts_per_day: 1 }),
    );
    await setNextPostAt(t, config.id, clock.now());
    const { claimed } = await h.scheduler.tick();
    // Three crash-like failures: tried again twice (handed to a later entry), then recorded as failed;
    // an unexpected error's text stays in the log (the pipeline's one rule), the slot says "Internal error".
    expect(await h.runSlot(claimed[0]!.id)).toMatchObject({ status: 'later' });
    expect(await h.runSlot(claimed[0]!.id)).toMatchObject({ status: 'later' });
    expect(await h.runSlot(claimed[0]!.id)).toMatchObject({ status: 'failed', error: 'Internal error' });
    expect((await h.configs.get(config.id)).posts_today).toBe(0);
    clock.advance(HOUR);
    expect((await h.scheduler.tick()).claimed).toHaveLength(1);
  });
});

describe('daily cap shared with the trend monitor', () => {
  it("counts the site's trend articles of today (not failed ones) together with scheduled slots", async () => {
    const clock = new TestClock(new Date('2031-03-01T10:00:00Z'));
    const h = schedulerHarness(t, { clock });
    const site = await insertSite(t);
    const config = await h.configs.create(
      configValues(site.id, { posting_interval_min: 1, posting_interval_max: 1, max_posts_per_day: 2 }),
    );
    await setNextPostAt(t, config.id, clock.now());
    const trendArticle = (status: 'draft' | 'failed', createdAt: Date) =>
      t.ctx.handle.db
        .insert(articles)
        .values({ siteId: site.id, siteName: 'x', title: `trend ${status}`, origin: 'trend', status, createdAt });
    await trendArticle('failed', clock.now()); // failed: does not count
    await trendArticle('draft', new Date('2031-02-28T12:00:00Z')); // yesterday: does not count
    await trendArticle('draft', clock.now()); // counts
    expect((await h.configs.get(config.id)).posts_today).toBe(1);
    expect((await h.scheduler.tick()).claimed).toHaveLength(1); // 1 trend + 1 scheduled = the cap of 2
    clock.advance(HOUR);
    expect((await h.configs.get(config.id)).posts_today).toBe(2);
    expect((await h.scheduler.tick()).claimed).toHaveLength(0);
  });
});

describe('topics', () => {
  it('rotate: every topic is used once before any repeats, following edits of the list', async () => {
    const clock = new TestClock(new Date('2031-06-01T00:00:00Z'));
    const h = schedulerHarness(t, { clock, random: sequence(0) });
    const site = await insertSite(t);
    const values = configValues(site.id, { topics: ['Alpha', 'Beta', 'Gamma'], max_posts_per_day: 50 });
    const config = await h.configs.create(values);
    const takeSlots = async (n: number) => {
      for (let i = 0; i < n; i++) {
        clock.set((await configRow(t, config.id)).nextPostAt!);
        expect((await h.scheduler.tick()).claimed).toHaveLength(1);
      }
    };
    await takeSlots(4);
    await h.configs.update(config.id, { ...values, topics: ['Delta', 'Beta', 'Alpha', 'Gamma'] });
    await takeSlots(5);
    const topics = (await slotsOf(t, config.id)).map((s) => s.topic);
    // Round 1: Alpha Beta Gamma. Round 2: Alpha, then (after the edit) Delta Beta Gamma. Round 3: Delta…
    expect(topics).toEqual(['Alpha', 'Beta', 'Gamma', 'Alpha', 'Delta', 'Beta', 'Gamma', 'Delta', 'Beta']);
  });
});

describe('inactive configurations and sites', () => {
  it('never post, whatever the clock says', async () => {
    const clock = new TestClock(new Date('2031-07-01T00:00:00Z'));
    const h = schedulerHarness(t, { clock });
    const inactiveConfig = await h.configs.create(configValues((await insertSite(t)).id, { is_active: false }));
    const siteOff = await insertSite(t);
    const onInactiveSite = await h.configs.create(configValues(siteOff.id));
    await t.ctx.handle.db.update(sites).set({ isActive: false }).where(eq(sites.id, siteOff.id));
    const siteGoing = await insertSite(t);
    const onDeletingSite = await h.configs.create(configValues(siteGoing.id));
    await t.ctx.handle.db.update(sites).set({ deletingSince: clock.now() }).where(eq(sites.id, siteGoing.id));
    for (const c of [inactiveConfig, onInactiveSite, onDeletingSite])
      await setNextPostAt(t, c.id, new Date('2031-06-30T00:00:00Z'));
    for (let day = 0; day < 3; day++) {
      clock.advance(24 * HOUR);
      expect((await h.scheduler.tick()).claimed).toHaveLength(0);
    }
    for (const c of [inactiveConfig, onInactiveSite, onDeletingSite]) expect(await slotsOf(t, c.id)).toHaveLength(0);
  });

  it('stop at once: a slot taken just before the switch-off posts nothing', async () => {
    const clock = new TestClock(new Date('2031-07-10T00:00:00Z'));
    const h = schedulerHarness(t, { clock });
    const site = await insertSite(t);
    const values = configValues(site.id);
    const config = await h.configs.create(values);
    await setNextPostAt(t, config.id, clock.now());
    const { claimed } = await h.scheduler.tick();
    await h.configs.update(config.id, { ...values, is_active: false });
    expect(await h.runSlot(claimed[0]!.id)).toEqual({ status: 'skipped', reason: 'The configuration is inactive' });

    // Switched off while the article was being written: the article stays, nothing is posted.
    await h.configs.update(config.id, { ...values, is_active: true });
    clock.advance(60_000);
    await setNextPostAt(t, config.id, clock.now());
    const generation = {
      generateAndStore: async (input: Parameters<typeof t.services.generation.generateAndStore>[0]) => {
        const result = await t.services.generation.generateAndStore(input);
        await t.ctx.handle.db.update(sites).set({ isActive: false }).where(eq(sites.id, site.id));
        return result;
      },
    };
    const h2 = schedulerHarness(t, { clock, generation });
    const second = await h2.scheduler.tick();
    expect(await h2.runSlot(second.claimed[0]!.id)).toEqual({ status: 'skipped', reason: 'The site is inactive' });
    const slots = await slotsOf(t, config.id);
    expect(slots.map((s) => s.outcome)).toEqual(['skipped', 'skipped']);
    expect(slots[1]!.articleId).not.toBeNull();
  });
});

describe('rescheduling', () => {
  it('an edited interval moves next_post_at to now + a new interval; other edits leave it', async () => {
    const clock = new TestClock(new Date('2031-08-01T00:00:00Z'));
    const h = schedulerHarness(t, { clock, random: sequence(0.5) });
    const site = await insertSite(t);
    const values = configValues(site.id, { posting_interval_min: 1, posting_interval_max: 3 });
    const config = await h.configs.create(values);
    expect(config.next_post_at).toBe('2031-08-01T02:00:00.000Z');

    clock.advance(HOUR);
    const topicsEdited = await h.configs.update(config.id, { ...values, topics: ['Something new'] });
    expect(topicsEdited.next_post_at).toBe('2031-08-01T02:00:00.000Z');

    const intervalEdited = await h.configs.update(config.id, {
      ...values,
      posting_interval_min: 10,
      posting_interval_max: 20,
    });
    expect(intervalEdited.next_post_at).toBe('2031-08-01T16:00:00.000Z'); // 01:00 + 15 h

    const paused = await h.configs.update(config.id, {
      ...values,
      posting_interval_min: 10,
      posting_interval_max: 20,
      is_active: false,
    });
    clock.advance(48 * HOUR);
    // Switched back on two days later: the next slot is one interval away, not the missed one.
    const resumed = await h.configs.update(config.id, {
      ...values,
      posting_interval_min: 10,
      posting_interval_max: 20,
      is_active: true,
    });
    expect(paused.next_post_at).toBe('2031-08-01T16:00:00.000Z');
    expect(resumed.next_post_at).toBe('2031-08-03T16:00:00.000Z');
  });

  it('after downtime: one post for the missed slots, then the normal interval', async () => {
    const clock = new TestClock(new Date('2031-09-01T00:00:00Z'));
    const h = schedulerHarness(t, { clock, random: sequence(0.5) });
    const site = await insertSite(t);
    const config = await h.configs.create(configValues(site.id, { max_posts_per_day: 50 }));
    clock.advance(10 * 24 * HOUR); // ten days down
    expect((await h.scheduler.tick()).claimed).toHaveLength(1);
    expect((await h.scheduler.tick()).claimed).toHaveLength(0);
    expect((await configRow(t, config.id)).nextPostAt!.toISOString()).toBe('2031-09-11T02:00:00.000Z');
  });
});
