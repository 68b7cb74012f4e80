import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import {
  seoKeywords,
  seoOutlines,
  seoPages,
  seoProjectArticles,
  seoProjects,
  sites,
} from '../../../db/schema/index.js';

export type SeoProjectRow = typeof seoProjects.$inferSelect;
export type NewSeoProjectRow = typeof seoProjects.$inferInsert;

export interface SeoProjectListRow extends SeoProjectRow {
  siteName: string | null;
  siteUrl: string | null;
  articlesGenerated: number;
  articlesInProgress: number;
  /** What the wizard's step rule reads (issue #37): all articles of the project, keywords, an outline, pages. */
  articlesTotal: number;
  keywordsCount: number;
  hasOutline: boolean;
  pagesCount: number;
}

const generatedCount = sql<number>`(select count(*)::int from ${seoProjectArticles} spa where spa.project_id = ${seoProjects.id} and spa.generation_status = 'generated')`;
const inProgressCount = sql<number>`(select count(*)::int from ${seoProjectArticles} spa where spa.project_id = ${seoProjects.id} and spa.generation_status in ('queued', 'generating'))`;
const articlesTotal = sql<number>`(select count(*)::int from ${seoProjectArticles} spa where spa.project_id = ${seoProjects.id})`;
const keywordsCount = sql<number>`(select count(*)::int from ${seoKeywords} k where k.project_id = ${seoProjects.id})`;
const hasOutline = sql<boolean>`exists (select 1 from ${seoOutlines} o where o.project_id = ${seoProjects.id})`;
const pagesCount = sql<number>`(select count(*)::int from ${seoPages} p where p.project_id = ${seoProjects.id})`;

export class ProjectsRepository {
  constructor(private readonly db: Database) {}

  private listQuery() {
    return this.db
      .select({
        project: seoProjects,
        siteName: sites.name,
        siteUrl: sites.url,
        articlesGenerated: generatedCount,
        articlesInProgress: inProgressCount,
        articlesTotal,
        keywordsCount,
        hasOutline,
        pagesCount,
      })
      .from(seoProjects)
      .leftJoin(sites, eq(sites.id, seoProjects.siteId));
  }

  async list(): Promise<SeoProjectListRow[]> {
    const rows = await this.listQuery().orderBy(desc(seoProjects.createdAt), desc(seoProjects.id));
    return rows.map(({ project, ...rest }) => ({ ...project, ...rest }));
  }

  async findWithSite(id: number): Promise<SeoProjectListRow | null> {
    const [row] = await this.listQuery().where(eq(seoProjects.id, id)).limit(1);
    return row
      ? {
          ...row.project,
          siteName: row.siteName,
          siteUrl: row.siteUrl,
          articlesGenerated: row.articlesGenerated,
          articlesInProgress: row.articlesInProgress,
          articlesTotal: row.articlesTotal,
          keywordsCount: row.keywordsCount,
          hasOutline: row.hasOutline,
          pagesCount: row.pagesCount,
        }
      : null;
  }

  async find(id: number): Promise<SeoProjectRow | null> {
    const [row] = await this.db.select().from(seoProjects).where(eq(seoProjects.id, id)).limit(1);
    return row ?? null;
  }

  async insert(values: NewSeoProjectRow): Promise<SeoProjectRow> {
    const [row] = await this.db.insert(seoProjects).values(values).returning();
    return row!;
  }

  async update(id: number, changes: Partial<Omit<NewSeoProjectRow, 'id' | 'createdAt'>>): Promise<void> {
    await this.db
      .update(seoProjects)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(seoProjects.id, id));
  }

  /**
   * Moves phase/progress forward only: a step repeated later (new keywords in phase 3) never
   * sends the project back. A completed project stays completed.
   */
  async advance(id: number, phase: number, progress: number, tx: Tx | Database = this.db): Promise<void> {
    const completed = phase === 3 && progress >= 100;
    await tx
      .update(seoProjects)
      .set({
        currentPhase: phase,
        progressPercentage: progress,
        status: completed
          ? 'completed'
          : sql`case when ${seoProjects.status} = 'completed' then 'completed' else ${`phase${phase}`} end`,
        updatedAt: new Date(),
      })
      .where(
        sql`${seoProjects.id} = ${id} and (${seoProjects.currentPhase} < ${phase} or (${seoProjects.currentPhase} = ${phase} and ${seoProjects.progressPercentage} < ${progress}) or (${seoProjects.status} = 'failed' and ${seoProjects.currentPhase} <= ${phase}))`,
      );
  }

  /** Locks the project's row until the caller's transaction ends (two articles ending together take turns). */
  async lock(id: number, tx: Tx): Promise<void> {
    await tx.select({ id: seoProjects.id }).from(seoProjects).where(eq(seoProjects.id, id)).for('update');
  }

  async setStatus(id: number, status: SeoProjectRow['status']): Promise<void> {
    await this.db.update(seoProjects).set({ status, updatedAt: new Date() }).where(eq(seoProjects.id, id));
  }

  /** Records a finished phase-3 step; returns the steps done so far. */
  async addOptimisationStep(id: number, step: string): Promise<string[]> {
    const [row] = await this.db
      .update(seoProjects)
      .set({
        optimisationSteps: sql`(select coalesce(jsonb_agg(distinct s), '[]'::jsonb) from jsonb_array_elements_text(${seoProjects.optimisationSteps} || ${JSON.stringify([step])}::jsonb) s)`,
      })
      .where(eq(seoProjects.id, id))
      .returning({ steps: seoProjects.optimisationSteps });
    return row?.steps ?? [];
  }
}
