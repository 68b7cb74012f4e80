import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { blogConfigs, type SlotOutcome, schedulerLog, sites } from '../../db/schema/index.js';
import type { ConfigSchedule } from '../blog-configs/config-schedule.js';
import { pickUncoveredTopic, postsTodaySql } from '../posting-policy/index.js';
import { type CoveredTopics, coverageNote, coveredKey } from './covered-topics.js';

export type SlotRow = typeof schedulerLog.$inferSelect;
const UNFINISHED: SlotOutcome[] = ['pending', 'generating', 'publishing'];

export interface DueConfig {
  id: number;
  siteId: number;
  /** next_post_at exactly as the database holds it (text keeps the microseconds for the compare-and-set). */
  nextPostAtText: string;
  intervalMin: number;
  intervalMax: number;
  topics: string[];
  usedTopics: string[];
}

/** What a slot needs to know about its configuration and site when it runs. */
export interface SlotContext {
  configActive: boolean;
  siteActive: boolean;
  /** WordPress rejected the site's credentials since the slot was claimed (issue #37 point 3). */
  credentialsRejected?: boolean;
  postStatus: 'draft' | 'published';
  taskType: string;
  wordCount: number;
  persona: string;
  /** The configuration's own model providers (null: the default chain). */
  providers: string[] | null;
}

export class SchedulerRepository {
  constructor(
    private readonly db: Database,
    /** The blog-configs module: a configuration's next slot, topic rotation and last post are written there. */
    private readonly schedule: ConfigSchedule,
  ) {}

  /** Active configurations of active sites whose slot has come and whose daily cap allows a post. */
  async findDue(now: Date, dayStart: Date, limit: number): Promise<DueConfig[]> {
    return this.db
      .select({
        id: blogConfigs.id,
        siteId: blogConfigs.siteId,
        nextPostAtText: sql<string>`${blogConfigs.nextPostAt}::text`,
        intervalMin: blogConfigs.postingIntervalMin,
        intervalMax: blogConfigs.postingIntervalMax,
        topics: blogConfigs.topics,
        usedTopics: blogConfigs.usedTopics,
      })
      .from(blogConfigs)
      .innerJoin(sites, eq(sites.id, blogConfigs.siteId))
      .where(
        and(
          eq(blogConfigs.isActive, true),
          eq(sites.isActive, true),
          isNull(sites.deletingSince),
          // Credentials WordPress rejected (issue #37 point 3): the slot stays due, like a paused budget's.
          isNull(sites.credentialsRejectedAt),
          lte(blogConfigs.nextPostAt, now),
          sql`${postsTodaySql(blogConfigs.id, blogConfigs.siteId, dayStart)} < ${blogConfigs.maxPostsPerDay}`,
        ),
      )
      .orderBy(asc(blogConfigs.nextPostAt), asc(blogConfigs.id))
      .limit(limit);
  }

  /**
   * Takes the slot: moves next_post_at on only if it still holds the value we read (compare-and-set,
   * so of several workers exactly one wins), advances the topic rotation and writes the slot row,
   * all in one transaction. Null when another worker took it first or the configuration changed.
   * Topics the site already covers are passed over (the slot's note names them); when every topic
   * is covered the slot is recorded as skipped, with nothing to run.
   */
  async claimSlot(
    due: DueConfig,
    nextPostAt: Date,
    now: Date,
    covered: CoveredTopics = new Map(),
    onClaimed: (tx: Tx, slot: SlotRow, context: SlotContext) => Promise<void> = async () => undefined,
  ): Promise<SlotRow | null> {
    return this.db.transaction(async (tx) => {
      const config = await this.schedule.advanceSlot(tx, due.id, due.nextPostAtText, nextPostAt);
      if (!config) return null;
      // The row is locked by the update above: the rotation cannot be advanced twice.
      const { topic, used, passedOver } = pickUncoveredTopic(config.topics, config.usedTopics, (t) =>
        covered.has(coveredKey(t)),
      );
      await this.schedule.recordTopicsUsed(tx, due.id, used);
      const note = coverageNote(passedOver, covered, topic === null);
      const skipped = topic === null ? { outcome: 'skipped' as const, finishedAt: now } : {};
      const [slot] = await tx
        .insert(schedulerLog)
        .values({
          configId: due.id,
          siteId: config.siteId,
          slotAt: sql`${due.nextPostAtText}::timestamptz`,
          topic: topic ?? config.topics[0] ?? '',
          note,
          ...skipped,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // Its article is a unit of the pipeline, queued in this transaction: a claimed slot always has its job.
      if (slot && slot.outcome === 'pending') {
        const { postStatus, taskType, wordCount, persona, providers } = config;
        await onClaimed(tx, slot, {
          configActive: true,
          siteActive: true,
          postStatus,
          taskType,
          wordCount,
          persona,
          providers: providers ?? null,
        });
      }
      return slot ?? null;
    });
  }

  /** The slot takes its next step; a final outcome also ends it. In the pipeline's transaction when the unit finishes. */
  async setOutcome(
    slotId: number,
    now: Date,
    change: {
      outcome: SlotOutcome;
      articleId?: number | null;
      error?: string | null;
      newAttempt?: boolean;
      /** Added to the slot's note (after what it noted already), e.g. that the publishing policy held the article. */
      addNote?: string;
    },
    tx: Tx | Database = this.db,
  ): Promise<void> {
    const final = !UNFINISHED.includes(change.outcome);
    await tx
      .update(schedulerLog)
      .set({
        outcome: change.outcome,
        ...(change.articleId !== undefined && change.articleId !== null ? { articleId: change.articleId } : {}),
        ...(change.error !== undefined ? { error: change.error } : {}),
        ...(change.newAttempt ? { attempts: sql`${schedulerLog.attempts} + 1` } : {}),
        ...(change.addNote ? { note: sql`coalesce(${schedulerLog.note} || ' ', '') || ${change.addNote}::text` } : {}),
        updatedAt: now,
        ...(final ? { finishedAt: now } : {}),
      })
      .where(and(eq(schedulerLog.id, slotId), inArray(schedulerLog.outcome, UNFINISHED)));
  }

  async slotContext(configId: number): Promise<SlotContext | null> {
    const [row] = await this.db
      .select({
        configActive: blogConfigs.isActive,
        siteActive: sql<boolean>`(${sites.isActive} and ${sites.deletingSince} is null)`,
        credentialsRejected: sql<boolean>`(${sites.credentialsRejectedAt} is not null)`,
        postStatus: blogConfigs.postStatus,
        taskType: blogConfigs.taskType,
        wordCount: blogConfigs.wordCount,
        persona: blogConfigs.contentPersona,
        providers: blogConfigs.providers,
      })
      .from(blogConfigs)
      .innerJoin(sites, eq(sites.id, blogConfigs.siteId))
      .where(eq(blogConfigs.id, configId))
      .limit(1);
    return row ?? null;
  }

  /** The configuration's last post (the blog-configs module writes it). */
  markPosted(configId: number, at: Date, tx: Tx | Database = this.db): Promise<void> {
    return this.schedule.recordPosted(configId, at, tx);
  }

  async findSlot(slotId: number, tx: Tx | Database = this.db): Promise<SlotRow | null> {
    const [row] = await tx.select().from(schedulerLog).where(eq(schedulerLog.id, slotId)).limit(1);
    return row ?? null;
  }
}
