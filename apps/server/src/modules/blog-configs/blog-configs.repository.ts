import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { blogConfigs, schedulerLog, sites } from '../../db/schema/index.js';
import { postsTodaySql } from '../posting-policy/index.js';

export type BlogConfigRow = typeof blogConfigs.$inferSelect;
export type NewBlogConfigRow = typeof blogConfigs.$inferInsert;
export type BlogConfigChanges = Partial<Omit<NewBlogConfigRow, 'id' | 'createdAt'>>;

export { COUNTED_OUTCOMES } from '../posting-policy/index.js';

/** The configuration with what the screen shows beside it: its site and today's posting. */
function listedColumns(dayStart: Date) {
  return {
    config: blogConfigs,
    siteName: sites.name,
    siteUrl: sites.url,
    siteActive: sql<boolean>`(${sites.isActive} and ${sites.deletingSince} is null)`,
    postsToday: postsTodaySql(blogConfigs.id, blogConfigs.siteId, dayStart),
    lastError: sql<string | null>`(select case when ${schedulerLog.outcome} = 'failed' then ${schedulerLog.error} end
      from ${schedulerLog} where ${schedulerLog.configId} = ${blogConfigs.id} and ${schedulerLog.outcome} in ('posted', 'failed')
      order by ${schedulerLog.updatedAt} desc, ${schedulerLog.id} desc limit 1)`,
    lastNote: sql<
      string | null
    >`(select ${schedulerLog.note} from ${schedulerLog} where ${schedulerLog.configId} = ${blogConfigs.id}
      order by ${schedulerLog.createdAt} desc, ${schedulerLog.id} desc limit 1)`,
  };
}

export type ListedConfigRow = Awaited<ReturnType<BlogConfigsRepository['list']>>[number];

export interface SiteForConfig {
  id: number;
  name: string;
  isActive: boolean;
  deleting: boolean;
}

export class BlogConfigsRepository {
  constructor(private readonly db: Database) {}

  list(dayStart: Date) {
    return this.db
      .select(listedColumns(dayStart))
      .from(blogConfigs)
      .innerJoin(sites, eq(sites.id, blogConfigs.siteId))
      .orderBy(asc(sites.name), asc(blogConfigs.id));
  }

  async findListed(id: number, dayStart: Date): Promise<ListedConfigRow | null> {
    const [row] = await this.db
      .select(listedColumns(dayStart))
      .from(blogConfigs)
      .innerJoin(sites, eq(sites.id, blogConfigs.siteId))
      .where(eq(blogConfigs.id, id))
      .limit(1);
    return row ?? null;
  }

  async find(id: number): Promise<BlogConfigRow | null> {
    const [row] = await this.db.select().from(blogConfigs).where(eq(blogConfigs.id, id)).limit(1);
    return row ?? null;
  }

  async findBySite(siteId: number): Promise<BlogConfigRow | null> {
    const [row] = await this.db.select().from(blogConfigs).where(eq(blogConfigs.siteId, siteId)).limit(1);
    return row ?? null;
  }

  async findSite(siteId: number): Promise<SiteForConfig | null> {
    const [row] = await this.db
      .select({ id: sites.id, name: sites.name, isActive: sites.isActive, deletingSince: sites.deletingSince })
      .from(sites)
      .where(eq(sites.id, siteId))
      .limit(1);
    return row ? { id: row.id, name: row.name, isActive: row.isActive, deleting: row.deletingSince !== null } : null;
  }

  async insert(values: NewBlogConfigRow): Promise<BlogConfigRow> {
    const [row] = await this.db.insert(blogConfigs).values(values).returning();
    return row!;
  }

  async update(id: number, changes: BlogConfigChanges): Promise<BlogConfigRow | null> {
    const [row] = await this.db.update(blogConfigs).set(changes).where(eq(blogConfigs.id, id)).returning();
    return row ?? null;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(blogConfigs).where(eq(blogConfigs.id, id)).returning({ id: blogConfigs.id });
    return deleted.length > 0;
  }
}
