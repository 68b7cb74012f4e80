import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import type { ProducerPorts } from '../../src/modules/article-pipeline/article-producer.js';
import { slotOriginKey } from '../../src/modules/scheduler/scheduler.service.js';
import { createTestApp, type TestApp } from '../test-app.js';
import {
  configRow,
  configValues,
  insertSite,
  removeAllConfigs,
  scheduledArticles,
  schedulerHarness,
  setNextPostAt,
  slotsOf,
  TestClock,
  useFakeWordPress,
} from './scheduler-fixtures.js';

let t: TestApp;
let fake: ReturnType<typeof useFakeWordPress>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  fake = useFakeWordPress(t);
  await removeAllConfigs(t);
});

const lostAnswer = () =>
  new WordPressError('network', {
    message: 'POST …/wp/v2/posts got no answer within 30 s (timeout).',
    outcomeUnknown: true,
    method: 'POST',
  });

/** A configuration whose slot is due at the clock's time. */
async function dueConfig(h: ReturnType<typeof schedulerHarness>, clock: TestClock) {
  const site = await insertSite(t);
  const config = await h.configs.create(configValues(site.id));
  await setNextPostAt(t, config.id, clock.now());
  return { site, config };
}

describe('exactly once', () => {
  it('two schedulers racing the same due configurations take each slot once and post each once', async () => {
    const clock = new TestClock(new Date('2032-01-05T09:00:00Z'));
    const a = schedulerHarness(t, { clock });
    const b = schedulerHarness(t, { clock });
    const due = await Promise.all(Array.from({ length: 6 }, () => dueConfig(a, clock)));

    const [fromA, fromB] = await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    const claimed = [...fromA.claimed, ...fromB.claimed];
    expect(claimed).toHaveLength(6);
    expect(new Set(claimed.map((s) => s.configId))).toEqual(new Set(due.map((d) => d.config.id)));
    // The loser's claim changed nothing: the topic rotation moved on once per configuration.
    for (const { config } of due) expect((await configRow(t, config.id)).usedTopics).toEqual(['Composting basics']);
    // And again at the same instant: nothing is left to take.
    const again = await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    expect(again.flatMap((r) => r.claimed)).toHaveLength(0);

    // Every slot's unit also gets a duplicated entry, run at the same time: one posts, the other finds the unit owned by another entry.
    const runs = await Promise.all(
      claimed.flatMap((slot) => [a.runSlot(slot.id), b.runSlot(slot.id, `duplicate-of-${slot.id}`)]),
    );
    expect(runs.filter((r) => r.status === 'posted')).toHaveLength(6);
    expect(runs.filter((r) => r.status === 'busy')).toHaveLength(6);
    expect(fake.store.posts.size).toBe(6);
    for (const { site, config } of due) {
      expect(await scheduledArticles(t, site.id)).toHaveLength(1);
      expect((await slotsOf(t, config.id)).map((s) => s.outcome)).toEqual(['posted']);
    }
  });

  it('a crash between generation and publish ends with one article and one post after the retry', async () => {
    const clock = new TestClock(new Date('2032-02-01T09:00:00Z'));
    let publishCalls = 0;
    const publishing = {
      publishArticle: async (articleId: number, options?: { siteId?: number | null }) => {
        publishCalls += 1;
        if (publishCalls === 1) throw new Error('simulated crash: the worker died before publishing');
        return t.services.publishing.publishArticle(articleId, options);
      },
    };
    const h = schedulerHarness(t, { clock, publishing });
    const { site, config } = await dueConfig(h, clock);
    const [slot] = (await h.scheduler.tick()).claimed;

    // A failure that may pass: the unit is handed to a new entry that runs later (one rule of the pipeline).
    const firstEntry = (await h.units.find(slotOriginKey(slot!.id)))!.queueJobId!;
    expect(await h.runSlot(slot!.id)).toMatchObject({ status: 'later' });
    const [afterCrash] = await slotsOf(t, config.id);
    expect(afterCrash).toMatchObject({ outcome: 'publishing', attempts: 1 });
    expect(afterCrash!.articleId).not.toBeNull();
    expect(fake.store.posts.size).toBe(0);
    expect(h.dispatched.map((entry) => entry.id)).toEqual([slot!.id, slot!.id]);
    expect(h.dispatched[1]!.startAfter!.getTime()).toBeGreaterThan(Date.now());

    // The old entry owns nothing any more; the new one publishes the recorded article instead of writing another.
    expect(await h.runSlot(slot!.id, firstEntry)).toEqual({ status: 'busy' });
    expect(await h.runSlot(slot!.id)).toEqual({ status: 'posted', articleId: afterCrash!.articleId });
    expect(await scheduledArticles(t, site.id)).toHaveLength(1);
    expect(fake.store.posts.size).toBe(1);
  });

  it('a runner that died after storing its article, before recording it on the slot: the next run posts that article', async () => {
    const clock = new TestClock(new Date('2032-02-15T09:00:00Z'));
    let dieNow: (error: Error) => void = () => undefined;
    let calls = 0;
    const generation: ProducerPorts['generation'] = {
      generateAndStore: async (input) => {
        calls += 1;
        const result = await t.services.generation.generateAndStore(input);
        // The first runner's process stops here: the article is stored, nothing after it happens.
        if (calls === 1) await new Promise<never>((_, reject) => (dieNow = reject));
        return result;
      },
    };
    const h = schedulerHarness(t, { clock, generation });
    const { site, config } = await dueConfig(h, clock);
    const [slot] = (await h.scheduler.tick()).claimed;
    const dead = h.runSlot(slot!.id).catch(() => undefined);
    await vi.waitFor(async () => expect(await scheduledArticles(t, site.id)).toHaveLength(1));
    expect((await slotsOf(t, config.id))[0]).toMatchObject({ outcome: 'generating', articleId: null });

    // Its heartbeat stops: pg-boss offers the same entry again, and that run carries on.
    const [article] = await scheduledArticles(t, site.id);
    expect(await h.runSlot(slot!.id)).toEqual({ status: 'posted', articleId: article!.id });
    expect(calls).toBe(2);
    expect(await scheduledArticles(t, site.id)).toHaveLength(1);
    expect(fake.store.posts.size).toBe(1);

    dieNow(new Error('the old process is gone'));
    await dead;
    expect((await slotsOf(t, config.id))[0]).toMatchObject({ outcome: 'posted', articleId: article!.id });
  });

  it("a claimed slot always has its entry (queued in the claim's transaction); only that entry runs it", async () => {
    const clock = new TestClock(new Date('2032-03-01T09:00:00Z'));
    const h = schedulerHarness(t, { clock });
    const { site, config } = await dueConfig(h, clock);
    const [slot] = (await h.scheduler.tick()).claimed;
    const unit = await h.units.find(slotOriginKey(slot!.id));
    expect(unit).toMatchObject({
      origin: 'schedule',
      state: 'queued',
      queueJobId: h.dispatched[0]!.queueJobId,
      articleId: null,
    });
    expect(unit!.brief).toMatchObject({ siteId: site.id, topic: 'Composting basics', origin: 'schedule' });
    expect(unit!.policy).toEqual({ publish: true, status: 'draft', onQualityGate: 'refuse', siteId: site.id });
    // An entry that is not the unit's does nothing, however often it comes.
    expect(await h.runSlot(slot!.id, 'some-other-entry')).toEqual({ status: 'busy' });
    expect(await h.runSlot(slot!.id, 'some-other-entry')).toEqual({ status: 'busy' });
    expect((await slotsOf(t, config.id))[0]).toMatchObject({ outcome: 'pending', attempts: 0 });

    expect(await h.runSlot(slot!.id)).toMatchObject({ status: 'posted' });
    expect(await scheduledArticles(t, site.id)).toHaveLength(1);
    expect(fake.store.posts.size).toBe(1);
    expect((await slotsOf(t, config.id))[0]).toMatchObject({ outcome: 'posted', attempts: 1 });
    expect(await h.units.find(slotOriginKey(slot!.id))).toMatchObject({
      state: 'finished',
      result: 'succeeded',
      attempts: 1,
    });
  });

  it('a post created on WordPress whose answer was lost is found again, not duplicated', async () => {
    const clock = new TestClock(new Date('2032-04-01T09:00:00Z'));
    const h = schedulerHarness(t, { clock });
    const { site } = await dueConfig(h, clock);
    const [slot] = (await h.scheduler.tick()).claimed;
    fake.failNext('posts.create', lostAnswer(), { afterApply: true });
    expect(await h.runSlot(slot!.id)).toMatchObject({ status: 'later' });
    expect(fake.store.posts.size).toBe(1);
    expect(await h.runSlot(slot!.id)).toMatchObject({ status: 'posted' });
    expect(fake.store.posts.size).toBe(1);
    expect(await scheduledArticles(t, site.id)).toHaveLength(1);
  });
});

describe('failures are recorded and retried at the next slot', () => {
  it('a refused publish marks the slot failed and keeps the article a draft with the reason; the next slot posts', async () => {
    const clock = new TestClock(new Date('2032-05-01T09:00:00Z'));
    const h = schedulerHarness(t, { clock });
    const { site, config } = await dueConfig(h, clock);
    fake.failNext(
      'posts.create',
      new WordPressError('missing_capability', {
        status: 403,
        wpCode: 'rest_cannot_create',
        message: 'Sorry, you are not allowed to create posts as this user.',
      }),
    );
    const [slot] = (await h.scheduler.tick()).claimed;
    const failed = await h.runSlot(slot!.id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.status === 'failed' && failed.error).toContain('not allowed to create posts');
    const [article] = await scheduledArticles(t, site.id);
    // One rule for every producer (issue #14): a failed publish leaves the article's status as it was.
    expect(article).toMatchObject({ status: 'draft', wordpressPostId: null });
    expect(article!.failureReason).toContain('Publishing failed: WordPress post create failed');
    const listed = await h.configs.get(config.id);
    expect(listed.last_error).toContain('not allowed to create posts');
    expect(listed.is_active).toBe(true);

    clock.set(listed.next_post_at!);
    const [next] = (await h.scheduler.tick()).claimed;
    expect(await h.runSlot(next!.id)).toMatchObject({ status: 'posted' });
    expect(fake.store.posts.size).toBe(1);
    expect((await h.configs.get(config.id)).last_error).toBeNull();
    expect((await slotsOf(t, config.id)).map((s) => s.topic)).toEqual(['Composting basics', 'Raised beds']);
  });

  it('a failed generation is stored as a failed article and logged on the slot', async () => {
    const clock = new TestClock(new Date('2032-06-01T09:00:00Z'));
    const generation = {
      generateAndStore: (input: Parameters<typeof t.services.generation.generateAndStore>[0]) =>
        t.services.generation.generateAndStore({
          ...input,
          signal: AbortSignal.abort(new Error('provider unavailable')),
        }),
    };
    const h = schedulerHarness(t, { clock, generation });
    const { site, config } = await dueConfig(h, clock);
    const [slot] = (await h.scheduler.tick()).claimed;
    expect(await h.runSlot(slot!.id)).toMatchObject({ status: 'failed' });
    const [article] = await scheduledArticles(t, site.id);
    expect(article!.status).toBe('failed');
    const [logged] = await slotsOf(t, config.id);
    expect(logged).toMatchObject({ outcome: 'failed', articleId: article!.id });
    expect(logged!.error).toMatch(/^Generation failed: /);
    expect(fake.store.posts.size).toBe(0);
  });
});
