import { eq } from 'drizzle-orm';
import type { BlogConfigValues } from '@abp/contracts';
import { articles, blogConfigs, schedulerLog, sites } from '../../src/db/schema/index.js';
import { FakeWordPress } from '../../src/integrations/wordpress/index.js';
import { BlogConfigsRepository } from '../../src/modules/blog-configs/blog-configs.repository.js';
import { BlogConfigsService } from '../../src/modules/blog-configs/blog-configs.service.js';
import { ArticleProducer, type ProducerPorts } from '../../src/modules/article-pipeline/article-producer.js';
import { SchedulerRepository, type SlotRow } from '../../src/modules/scheduler/scheduler.repository.js';
import { SchedulerService } from '../../src/modules/scheduler/scheduler.service.js';
import { waitFor, type TestApp } from '../test-app.js';

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

export async function insertSite(t: TestApp, overrides: { name?: string; isActive?: boolean; deleting?: boolean } = {}) {
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
    ...overrides,
  };
}

/**
 * A scheduler and a configurations service on the test app's database with an injected clock and
 * random source. Slots are not queued: `dispatched` collects them and the test runs them itself.
 */
export function schedulerHarness(
  t: TestApp,
  options: { clock: TestClock; random?: () => number; timeZone?: string; generation?: ProducerPorts['generation']; publishing?: ProducerPorts['publishing'] },
) {
  const random = options.random ?? sequence(0.5);
  const timeZone = options.timeZone ?? 'UTC';
  const dispatched: SlotRow[] = [];
  const repo = new SchedulerRepository(t.ctx.handle.db);
  const scheduler = new SchedulerService({
    repo,
    producer: new ArticleProducer({ generation: options.generation ?? t.services.generation, publishing: options.publishing ?? t.services.publishing }),
    dispatch: async (slot) => {
      dispatched.push(slot);
    },
    timeZone,
    now: options.clock.now,
    random,
    // Title cards are covered by the generation tests; leaving them out keeps these fast.
    includeImages: false,
  });
  const configs = new BlogConfigsService(new BlogConfigsRepository(t.ctx.handle.db), { now: options.clock.now, random, timeZone });
  return { scheduler, configs, repo, dispatched };
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
  return t.ctx.handle.db.select().from(schedulerLog).where(eq(schedulerLog.configId, configId)).orderBy(schedulerLog.id);
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
  await t.ctx.handle.db.update(blogConfigs).set({ nextPostAt: new Date(Date.now() - 1000) }).where(eq(blogConfigs.id, configId));
  await t.services.scheduler.tick();
  return waitFor(async () => {
    const rows = await t.ctx.handle.db.select().from(schedulerLog).where(eq(schedulerLog.configId, configId)).orderBy(schedulerLog.id);
    return rows.length === slotNumber && ['posted', 'failed', 'skipped'].includes(rows.at(-1)!.outcome) ? rows : null;
  }, 90_000, 250);
}
