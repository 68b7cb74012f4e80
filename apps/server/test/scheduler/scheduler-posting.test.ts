import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateAndStoreInput } from '../../src/modules/generation/generation-input.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import {
  configRow,
  configValues,
  HOUR,
  insertSite,
  removeAllConfigs,
  scheduledArticles,
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

let fake: ReturnType<typeof useFakeWordPress>;
beforeEach(async () => {
  fake = useFakeWordPress(t);
  await removeAllConfigs(t);
});

describe('the scheduler posts when a slot is due', () => {
  it('posts nothing before next_post_at, then exactly one article, published with the configured status', async () => {
    const clock = new TestClock(new Date('2031-03-10T08:00:00Z'));
    const h = schedulerHarness(t, { clock, random: sequence(0.5) });
    const site = await insertSite(t);
    const config = await h.configs.create(configValues(site.id, { post_status: 'draft' }));
    // random 0.5 of 1–3 hours: due two hours after saving.
    expect(config.next_post_at).toBe('2031-03-10T10:00:00.000Z');

    expect((await h.scheduler.tick()).claimed).toHaveLength(0);
    clock.set('2031-03-10T09:59:59Z');
    expect((await h.scheduler.tick()).claimed).toHaveLength(0);
    expect(fake.store.posts.size).toBe(0);

    clock.set('2031-03-10T10:00:00Z');
    const { claimed } = await h.scheduler.tick();
    expect(claimed).toHaveLength(1);
    expect(h.dispatched.map((s) => s.id)).toEqual([claimed[0]!.id]);
    const result = await h.runSlot(claimed[0]!.id);
    expect(result.status).toBe('posted');

    const posts = [...fake.store.posts.values()];
    expect(posts).toHaveLength(1);
    expect(posts[0]!.status).toBe('draft');
    const [article] = await scheduledArticles(t, site.id);
    expect(article).toMatchObject({
      origin: 'schedule',
      status: 'draft',
      wordpressPostId: posts[0]!.id,
      taskType: 'Blog Post',
    });
    expect(article!.title.length).toBeGreaterThan(0);

    const [slot] = await slotsOf(t, config.id);
    expect(slot).toMatchObject({ outcome: 'posted', articleId: article!.id, topic: 'Composting basics', error: null });
    const after = await h.configs.get(config.id);
    expect(after.last_post_at).toBe('2031-03-10T10:00:00.000Z');
    expect(after.posts_today).toBe(1);
    // The next slot is one random interval after this one, and the same minute never posts twice.
    expect(after.next_post_at).toBe('2031-03-10T12:00:00.000Z');
    expect((await h.scheduler.tick()).claimed).toHaveLength(0);
    expect(await h.runSlot(claimed[0]!.id)).toEqual({ status: 'busy' });
    expect(fake.store.posts.size).toBe(1);
  });

  it("publishes with status 'publish' when the configuration says published", async () => {
    const clock = new TestClock(new Date('2031-04-01T08:00:00Z'));
    const h = schedulerHarness(t, { clock });
    const site = await insertSite(t);
    const config = await h.configs.create(
      configValues(site.id, { post_status: 'published', task_type: 'FAQ', content_persona: 'marcus', word_count: 800 }),
    );
    let seen: GenerateAndStoreInput | undefined;
    const generation = {
      generateAndStore: (input: GenerateAndStoreInput) => {
        seen = input;
        return t.services.generation.generateAndStore(input);
      },
    };
    const spy = schedulerHarness(t, { clock, generation });
    clock.set(config.next_post_at!);
    const { claimed } = await spy.scheduler.tick();
    expect(await spy.runSlot(claimed[0]!.id)).toMatchObject({ status: 'posted' });
    expect(seen).toMatchObject({
      siteId: site.id,
      topic: 'Composting basics',
      taskType: 'FAQ',
      persona: 'marcus',
      wordCount: 800,
      origin: 'schedule',
    });
    const [article] = await scheduledArticles(t, site.id);
    expect(article!.status).toBe('published');
    expect(fake.store.posts.get(article!.wordpressPostId!)!.status).toBe('publish');
  });

  it('draws every interval uniformly between min and max hours, counted from the time of posting', async () => {
    const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
    const draws = [0, 0.999999, 0.25, 0.5, 0.75, ...Array.from({ length: 15 }, () => Math.random())];
    const h = schedulerHarness(t, { clock, random: sequence(...draws) });
    const site = await insertSite(t);
    const config = await h.configs.create(
      configValues(site.id, { posting_interval_min: 2, posting_interval_max: 5, max_posts_per_day: 50 }),
    );
    // The first draw (0) placed the first slot at the minimum.
    expect(config.next_post_at).toBe('2031-05-01T02:00:00.000Z');
    const gaps: number[] = [];
    for (let i = 0; i < 19; i++) {
      const next = new Date((await configRow(t, config.id)).nextPostAt!);
      // The tick runs a little late each time: the interval starts when the slot is taken.
      clock.set(new Date(next.getTime() + 30_000));
      expect((await h.scheduler.tick()).claimed).toHaveLength(1);
      gaps.push((await configRow(t, config.id)).nextPostAt!.getTime() - clock.now().getTime());
    }
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(2 * HOUR);
      expect(gap).toBeLessThanOrEqual(5 * HOUR);
    }
    expect(gaps.slice(0, 4)).toEqual([Math.round((2 + 0.999999 * 3) * HOUR), 2.75 * HOUR, 3.5 * HOUR, 4.25 * HOUR]);
  });
});

describe('the recurring tick', () => {
  it('is a durable pg-boss schedule every minute, registered by the worker role', async () => {
    const schedule = await t.ctx.queue.boss.getSchedule('scheduler.tick');
    expect(schedule).toMatchObject({ name: 'scheduler.tick', cron: '* * * * *' });
  });

  it("the app's own tick and slot job post a due configuration (real clock, real queue)", async () => {
    const site = await insertSite(t);
    const cookie = await t.login();
    const created = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: configValues(site.id, { word_count: 600 }),
    });
    expect(created.statusCode).toBe(201);
    const configId = created.json<{ id: number }>().id;
    await setNextPostAt(t, configId, new Date(Date.now() - 1000));
    await t.services.scheduler.tick();
    const [slot] = await waitFor(async () => {
      const rows = await slotsOf(t, configId);
      return rows[0]?.outcome === 'posted' ? rows : null;
    });
    expect(fake.store.posts.get((await scheduledArticles(t, site.id))[0]!.wordpressPostId!)).toBeDefined();
    expect(slot!.attempts).toBe(1);
  });
});
