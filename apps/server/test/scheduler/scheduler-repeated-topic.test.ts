import { qualityReportSchema } from '@abp/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { titleKey } from '../../src/integrations/llm/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import {
  configRow,
  configValues,
  insertSite,
  removeAllConfigs,
  scheduledArticles,
  schedulerHarness,
  sequence,
  slotsOf,
  TestClock,
  useFakeWordPress,
} from './scheduler-fixtures.js';

// Once every topic has been used, the next rotation writes them again: those articles must still be posted.
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

describe('a configuration whose topics come round again', () => {
  it.each([
    ['draft', 'draft'],
    ['published', 'publish'],
  ] as const)(
    'with one topic and post status %s, posts at every slot under a new title',
    async (postStatus, wordpressStatus) => {
      const clock = new TestClock(new Date('2032-02-01T06:00:00Z'));
      const h = schedulerHarness(t, { clock, random: sequence(0) });
      const site = await insertSite(t);
      const config = await h.configs.create(
        configValues(site.id, { topics: ['Composting basics'], post_status: postStatus }),
      );

      for (let slot = 0; slot < 3; slot++) {
        clock.set((await configRow(t, config.id)).nextPostAt!);
        const { claimed } = await h.scheduler.tick();
        expect(claimed).toHaveLength(1);
        expect(await h.runSlot(claimed[0]!.id)).toMatchObject({ status: 'posted' });
      }

      const slots = await slotsOf(t, config.id);
      expect(slots.map((s) => [s.topic, s.outcome, s.error])).toEqual(
        Array.from({ length: 3 }, () => ['Composting basics', 'posted', null]),
      );
      const posts = [...fake.store.posts.values()];
      expect(posts).toHaveLength(3);
      expect(posts.every((post) => post.status === wordpressStatus)).toBe(true);

      const stored = await scheduledArticles(t, site.id);
      expect(stored.map((a) => a.status)).toEqual([postStatus, postStatus, postStatus]);
      expect(new Set(stored.map((a) => titleKey(a.title))).size).toBe(3);
      for (const article of stored) expect(qualityReportSchema.parse(article.qualityReport).blocking).toBe(false);
      expect((await h.configs.get(config.id)).posts_today).toBe(3);
    },
  );

  it('posts the second rotation of a configuration with several topics', async () => {
    const clock = new TestClock(new Date('2032-02-03T06:00:00Z'));
    const h = schedulerHarness(t, { clock, random: sequence(0) });
    const site = await insertSite(t);
    const config = await h.configs.create(configValues(site.id, { topics: ['Raised beds', 'Watering in summer'] }));
    for (let slot = 0; slot < 4; slot++) {
      clock.set((await configRow(t, config.id)).nextPostAt!);
      const { claimed } = await h.scheduler.tick();
      expect(await h.runSlot(claimed[0]!.id)).toMatchObject({ status: 'posted' });
    }
    expect((await slotsOf(t, config.id)).map((s) => [s.topic, s.outcome])).toEqual([
      ['Raised beds', 'posted'],
      ['Watering in summer', 'posted'],
      ['Raised beds', 'posted'],
      ['Watering in summer', 'posted'],
    ]);
    expect(fake.store.posts.size).toBe(4);
  });
});
