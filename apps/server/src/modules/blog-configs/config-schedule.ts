import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { blogConfigs } from '../../db/schema/index.js';

/** A configuration's posting settings, read as its slot is claimed. */
export interface ClaimedConfig {
  siteId: number;
  topics: string[];
  usedTopics: string[];
  postStatus: 'draft' | 'published';
  taskType: string;
  wordCount: number;
  persona: string;
  providers: string[] | null;
}

/**
 * What the scheduler writes on a blog configuration (issue #34: the blog-configs module is the one
 * writer of `blog_configs`): its next slot, its topic rotation, its last post. Given to the
 * scheduler through its constructor (container.ts).
 */
export interface ConfigSchedule {
  /**
   * Moves next_post_at on only if it still holds the value read (`expectedText`, next_post_at as
   * text: it keeps the microseconds), so of several workers exactly one wins; locks the row for the
   * caller's transaction. Null when another worker took it first or the configuration changed.
   */
  advanceSlot(tx: Tx, configId: number, expectedText: string, nextPostAt: Date): Promise<ClaimedConfig | null>;
  /** The topic rotation after a claim (the row is locked by advanceSlot: it cannot be advanced twice). */
  recordTopicsUsed(tx: Tx, configId: number, usedTopics: string[]): Promise<void>;
  /** A slot's article was posted. */
  recordPosted(configId: number, at: Date, tx?: Tx | Database): Promise<void>;
}

export class ConfigScheduleStore implements ConfigSchedule {
  constructor(private readonly db: Database) {}

  async advanceSlot(tx: Tx, configId: number, expectedText: string, nextPostAt: Date): Promise<ClaimedConfig | null> {
    const [config] = await tx
      .update(blogConfigs)
      .set({ nextPostAt })
      .where(
        and(
          eq(blogConfigs.id, configId),
          eq(blogConfigs.isActive, true),
          sql`${blogConfigs.nextPostAt} = ${expectedText}::timestamptz`,
        ),
      )
      .returning({
        siteId: blogConfigs.siteId,
        topics: blogConfigs.topics,
        usedTopics: blogConfigs.usedTopics,
        postStatus: blogConfigs.postStatus,
        taskType: blogConfigs.taskType,
        wordCount: blogConfigs.wordCount,
        persona: blogConfigs.contentPersona,
        providers: blogConfigs.providers,
      });
    return config ?? null;
  }

  async recordTopicsUsed(tx: Tx, configId: number, usedTopics: string[]): Promise<void> {
    await tx.update(blogConfigs).set({ usedTopics }).where(eq(blogConfigs.id, configId));
  }

  async recordPosted(configId: number, at: Date, tx: Tx | Database = this.db): Promise<void> {
    await tx.update(blogConfigs).set({ lastPostAt: at }).where(eq(blogConfigs.id, configId));
  }
}
