import { GETTING_STARTED_STEPS, type GettingStarted, type GettingStartedStep } from '@abp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articleCounts, blogConfigs, sites } from '../../db/schema/index.js';

/**
 * Whether the operator has chosen how articles are written: saved the Settings' language model
 * section (the offline demo writer included), or a real provider comes from the environment. The
 * settings module answers it (given by container.ts), so this module does not import it.
 */
export type WriterChosen = () => Promise<boolean>;

/** The Dashboard's getting-started checklist (issue #37 point 4), ticked from real state. */
export class GettingStartedService {
  constructor(
    private readonly db: Database,
    private readonly writerChosen: WriterChosen,
  ) {}

  async get(): Promise<GettingStarted> {
    // Three existence checks: each reads at most one row (article_counts is a few hundred rows at most).
    const exists = async (table: typeof sites | typeof blogConfigs | typeof articleCounts, where = sql`true`) => {
      const rows = await this.db.select({ one: sql<number>`1` }).from(table).where(where).limit(1);
      return rows.length > 0;
    };
    const [site, writer, article, schedule] = await Promise.all([
      exists(sites),
      this.writerChosen(),
      exists(articleCounts, sql`${articleCounts.count} > 0`),
      exists(blogConfigs),
    ]);
    const done: Record<GettingStartedStep, boolean> = { site, writer, article, schedule };
    const steps = GETTING_STARTED_STEPS.map((id) => ({ id, done: done[id] }));
    return { steps, complete: steps.every((step) => step.done) };
  }
}
