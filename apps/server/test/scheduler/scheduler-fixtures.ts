import { randomUUID } from 'node:crypto';
import type { BlogConfigValues } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { articles, blogConfigs, schedulerLog, sites } from '../../src/db/schema/index.js';
import { ArticleProducer, type ProducerPorts } from '../../src/modules/article-pipeline/article-producer.js';
import { enqueueUnit } from '../../src/modules/article-pipeline/production-job.js';
import { ProductionRunner } from '../../src/modules/article-pipeline/production-runner.js';
import { ProductionsRepository } from '../../src/modules/article-pipeline/productions.repository.js';
import { BlogConfigsRepository } from '../../src/modules/blog-configs/blog-configs.repository.js';
import { BlogConfigsService } from '../../src/modules/blog-configs/blog-configs.service.js';
import { ConfigScheduleStore } from '../../src/modules/blog-configs/config-schedule.js';
import { SchedulerRepository, type SlotRow } from '../../src/modules/scheduler/scheduler.repository.js';
import { SchedulerService, slotOriginKey } from '../../src/modules/scheduler/scheduler.service.js';
import { SlotConsumer } from '../../src/modules/scheduler/slot-consumer.js';
import { type TestApp, waitFor } from '../test-app.js';
import { FakeWordPress } from '../wordpress/fake-wordpress.js';

export const HOUR = 3_600_000;

/** A clock the test moves by hand: no test sleeps. Dates are years ahead so the app's own minute tick never finds them due. */
export class TestClock {
  constructor(public current: Date) {}
  now = (): Date => new Date(this.current.getTime());
  set(iso: string | Date): void {
    this.current = new Date(iso);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Math.random stand-in: hands out the given values in turn, then repeats the last. */
export function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)]!;
}

let siteCounter = 0;

export async function insertSite(
  t: TestApp,
  overrides: { name?: string; isActive?: boolean; deleting?: boolean } = {},
) {
  siteCounter += 1;
  const [row] = await t.ctx.handle.db
    .insert(sites)
    .values({
      name: overrides.name ?? `Scheduler Site ${siteCounter}`,
      url: `https://scheduler-${siteCounter}-${Date.now()}.example`,
      username: 'editor',
      passwordSealed: t.ctx.secretBox.encrypt('abcd efgh ijkl mnop'),
      isActive: overrides.isActive ?? true,
      deletingSince: overrides.deleting ? new Date() : null,
    })
    .returning();
  return row!;
}

export function configValues(siteId: number, overrides: Partial<BlogConfigValues> = {}): BlogConfigValues {
  return {
    site_id: siteId,
    topics: ['Composting basics', 'Raised beds', 'Watering in summer'],
    posting_interval_min: 1,
    posting_interval_max: 3,
    max_posts_per_day: 10,
    post_status: 'draft',
    task_type: 'Blog Post',
    is_active: true,
    word_count: 500,
    content_persona: '',
    category_ids: [],
    author_id: null,
    internal_links: 3,
    add_tags: true,
    providers: null,
    ...overrides,
  };
}

/** What a run of a slot's unit came to, in the slot's words. */
export type SlotRunResult =
  | { status: 'busy' }
  | { status: 'later'; at: Date }
  | { status: 'skipped'; reason: string }
  | { status: 'posted'; articleId: number }
  | { status: 'failed'; articleId: number | null; error: string };

/** A queue entry the harness' pipeline sent (the app's own workers never see these). */
export interface SentEntry {
  /** The slot the entry is for. */
  id: number;
  originKey: string;
  queueJobId: string;
  startAfter?: Date;
}

/**
 * A scheduler and a configurations service on the test app's database with an injected clock and
 * random source, and the article pipeline's runner with the slot consumer. Entries are not put on
 * the real queue: `dispatched` collects them and the test runs them itself (`runSlot`), as pg-boss
 * would: with the entry's id, or another id for a duplicated entry.
 */
export function schedulerHarness(
  t: TestApp,
  options: {
    clock: TestClock;
    random?: () => number;
    timeZone?: string;
    generation?: ProducerPorts['generation'];
    publishing?: ProducerPorts['publishing'];
  },
) {
  const random = options.random ?? sequence(0.5);
  const timeZone = options.timeZone ?? 'UTC';
  const dispatched: SentEntry[] = [];
  const repo = new SchedulerRepository(t.ctx.handle.db, new ConfigScheduleStore(t.ctx.handle.db));
  const units = new ProductionsRepository(t.ctx.handle.db);
  const queue = {
    prepare: async () => undefined,
    send: async (_tx: unknown, originKey: string, startAfter?: Date) => {
      const queueJobId = randomUUID();
      dispatched.push({
        id: Number(originKey.split(':')[1]),
        originKey,
        queueJobId,
        ...(startAfter ? { startAfter } : {}),
      });
      return queueJobId;
    },
    // The scheduler sends one entry per unit; these stand for the rest of the port.
    sendMany: async () => [],
    remove: async () => undefined,
    wake: () => undefined,
    keepFetching: () => undefined,
  };
  const producer = new ArticleProducer({
    generation: options.generation ?? t.services.generation,
    publishing: options.publishing ?? t.services.publishing,
  });
  const runner = new ProductionRunner(
    units,
    producer,
    queue,
    { error: () => undefined },
    { articles: t.services.articleStore },
  );
  runner.register('schedule', new SlotConsumer(repo, options.clock.now));
  const scheduler = new SchedulerService({
    repo,
    pipeline: { queue, enqueue: (tx, unit) => enqueueUnit(units, queue, tx, unit) },
    timeZone,
    now: options.clock.now,
    random,
    // Title cards are covered by the generation tests; leaving them out keeps these fast.
    includeImages: false,
  });
  const configs = new BlogConfigsService(new BlogConfigsRepository(t.ctx.handle.db), {
    now: options.clock.now,
    random,
    timeZone,
  });

  /** Runs the slot's unit as its current queue entry would (or as `queueJobId`, e.g. a duplicated entry). */
  const runSlot = async (slotId: number, queueJobId?: string): Promise<SlotRunResult> => {
    const originKey = slotOriginKey(slotId);
    const entry = queueJobId ?? (await units.find(originKey))?.queueJobId ?? 'no-entry';
    const end = await runner.run(originKey, { queueJobId: entry });
    if (end.status === 'not-owner') return { status: 'busy' };
    if (end.status === 'later') return { status: 'later', at: end.at };
    const result = end.end;
    switch (result.result) {
      case 'succeeded':
        return { status: 'posted', articleId: result.articleId };
      case 'failed':
        return { status: 'failed', articleId: result.articleId, error: result.error };
      case 'skipped':
        return { status: 'skipped', reason: result.reason };
      case 'cancelled':
        return { status: 'skipped', reason: 'Cancelled' };
    }
  };
  return { scheduler, configs, repo, units, dispatched, runSlot };
}

/** Every post of every fake site goes to this one in-memory WordPress. */
export function useFakeWordPress(t: TestApp): FakeWordPress {
  const fake = new FakeWordPress();
  t.services.sites.clientFactory = () => fake;
  return fake;
}

/** Each test starts without configurations: a clock moved forward would otherwise find earlier tests' slots due. */
export async function removeAllConfigs(t: TestApp): Promise<void> {
  await t.ctx.handle.db.delete(blogConfigs);
}

export async function slotsOf(t: TestApp, configId: number) {
  return t.ctx.handle.db
    .select()
    .from(schedulerLog)
    .where(eq(schedulerLog.configId, configId))
    .orderBy(schedulerLog.id);
}

export async function configRow(t: TestApp, configId: number) {
  const [row] = await t.ctx.handle.db.select().from(blogConfigs).where(eq(blogConfigs.id, configId));
  return row!;
}

export async function setNextPostAt(t: TestApp, configId: number, at: Date): Promise<void> {
  await t.ctx.handle.db.update(blogConfigs).set({ nextPostAt: at }).where(eq(blogConfigs.id, configId));
}

export async function scheduledArticles(t: TestApp, siteId: number) {
  return t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, siteId)).orderBy(articles.id);
}

/**
 * Makes the configuration's next slot due now, lets the app's own tick and slot job (pg-boss
 * workers) run it, and returns the configuration's slots once the n-th has finished.
 */
export async function runDueSlotThroughJobs(t: TestApp, configId: number, slotNumber: number): Promise<SlotRow[]> {
  await t.ctx.handle.db
    .update(blogConfigs)
    .set({ nextPostAt: new Date(Date.now() - 1000) })
    .where(eq(blogConfigs.id, configId));
  await t.services.scheduler.tick();
  return waitFor(
    async () => {
      const rows = await t.ctx.handle.db
        .select()
        .from(schedulerLog)
        .where(eq(schedulerLog.configId, configId))
        .orderBy(schedulerLog.id);
      return rows.length === slotNumber && ['posted', 'failed', 'skipped'].includes(rows.at(-1)!.outcome) ? rows : null;
    },
    90_000,
    250,
  );
}
