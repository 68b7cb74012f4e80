import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { articles, modelCalls, sites } from '../../db/schema/index.js';
import type { ModelCallRecord, ModelCallSource } from './usage-types.js';

/** Sums of some ledger rows, in the ledger's units. */
export interface UsageSums {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costNanos: number;
  estimated: boolean;
}

const sums = {
  calls: sql<number>`count(*)::int`,
  inputTokens: sql<number>`coalesce(sum(${modelCalls.inputTokens}), 0)::float8`,
  outputTokens: sql<number>`coalesce(sum(${modelCalls.outputTokens}), 0)::float8`,
  // float8 holds every integer below 2⁵³ exactly: nine million dollars in nano-dollars.
  costNanos: sql<number>`coalesce(sum(${modelCalls.costNanos}), 0)::float8`,
  estimated: sql<boolean>`coalesce(bool_or(${modelCalls.tokensEstimated}), false)`,
};

const toSums = (
  row: { calls: number; inputTokens: number; outputTokens: number; costNanos: number; estimated: boolean } | undefined,
): UsageSums => ({
  calls: Number(row?.calls ?? 0),
  inputTokens: Number(row?.inputTokens ?? 0),
  outputTokens: Number(row?.outputTokens ?? 0),
  costNanos: Number(row?.costNanos ?? 0),
  estimated: row?.estimated === true,
});

/** The usage ledger (model_calls): written once per model call, read as sums. */
export class UsageRepository {
  constructor(private readonly db: Database) {}

  async insert(call: ModelCallRecord): Promise<number> {
    const [row] = await this.db.insert(modelCalls).values(call).returning({ id: modelCalls.id });
    return row!.id;
  }

  /** Names the article the calls were made for, once it is stored. */
  async linkArticle(rowIds: readonly number[], articleId: number): Promise<void> {
    if (rowIds.length === 0) return;
    await this.db
      .update(modelCalls)
      .set({ articleId })
      .where(inArray(modelCalls.id, [...rowIds]));
  }

  async forArticles(articleIds: readonly number[]): Promise<Map<number, UsageSums>> {
    if (articleIds.length === 0) return new Map();
    const rows = await this.db
      .select({ articleId: modelCalls.articleId, ...sums })
      .from(modelCalls)
      .where(inArray(modelCalls.articleId, [...articleIds]))
      .groupBy(modelCalls.articleId);
    return new Map(rows.map((row) => [row.articleId!, toSums(row)]));
  }

  async forJob(source: ModelCallSource, jobRef: string): Promise<UsageSums> {
    const [row] = await this.db
      .select(sums)
      .from(modelCalls)
      .where(and(eq(modelCalls.source, source), eq(modelCalls.jobRef, jobRef)));
    return toSums(row);
  }

  /** A job's sums per step (the step each call was made under; null: none named). */
  async forJobByStep(source: ModelCallSource, jobRef: string): Promise<(UsageSums & { step: string | null })[]> {
    const rows = await this.db
      .select({ step: modelCalls.step, ...sums })
      .from(modelCalls)
      .where(and(eq(modelCalls.source, source), eq(modelCalls.jobRef, jobRef)))
      .groupBy(modelCalls.step);
    return rows.map((row) => ({ ...toSums(row), step: row.step }));
  }

  /** Sums since `from`, grouped as asked (nothing: one total). */
  async since(from: Date): Promise<UsageSums> {
    const [row] = await this.db.select(sums).from(modelCalls).where(gte(modelCalls.createdAt, from));
    return toSums(row);
  }

  async perSiteSince(from: Date): Promise<(UsageSums & { siteId: number | null; siteName: string | null })[]> {
    const rows = await this.db
      .select({ siteId: modelCalls.siteId, siteName: sites.name, ...sums })
      .from(modelCalls)
      .leftJoin(sites, eq(sites.id, modelCalls.siteId))
      .where(gte(modelCalls.createdAt, from))
      .groupBy(modelCalls.siteId, sites.name)
      .orderBy(desc(sums.costNanos));
    return rows.map((row) => ({ ...toSums(row), siteId: row.siteId, siteName: row.siteName }));
  }

  async perModelSince(from: Date): Promise<(UsageSums & { provider: string; model: string })[]> {
    const rows = await this.db
      .select({ provider: modelCalls.provider, model: modelCalls.model, ...sums })
      .from(modelCalls)
      .where(gte(modelCalls.createdAt, from))
      .groupBy(modelCalls.provider, modelCalls.model)
      .orderBy(desc(sums.costNanos));
    return rows.map((row) => ({ ...toSums(row), provider: row.provider, model: row.model }));
  }

  /** Cost and calls per day of the operator's time zone, the last `days` days, oldest first, every day present. */
  async perDay(days: number, timeZone: string): Promise<{ date: string; costNanos: number; calls: number }[]> {
    const zone = sql`${timeZone}::text`;
    const result = await this.db.execute(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
             coalesce(sum(c.cost_nanos), 0)::float8 AS cost,
             count(c.id)::int AS calls
      FROM generate_series(0, ${days - 1}::int) AS back
      CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE ${zone})::date - back AS day) AS d
      LEFT JOIN ${modelCalls} c
        ON c.created_at >= (d.day::timestamp AT TIME ZONE ${zone})
       AND c.created_at < ((d.day + 1)::timestamp AT TIME ZONE ${zone})
      GROUP BY d.day
      ORDER BY d.day`);
    return rowsOf<{ date: string; cost: number; calls: number }>(result).map((row) => ({
      date: row.date,
      costNanos: Number(row.cost),
      calls: Number(row.calls),
    }));
  }

  /**
   * Tokens per word of the target length, over the model's latest `window` successful articles
   * (those with a target length and every call of theirs in the ledger).
   */
  async tokensPerTargetWord(
    provider: string,
    model: string,
    window: number,
  ): Promise<{ articles: number; input: number; output: number }> {
    const result = await this.db.execute(sql`
      WITH recent AS (
        SELECT a.id, a.target_word_count AS words,
               sum(c.input_tokens)::float8 AS input, sum(c.output_tokens)::float8 AS output
        FROM ${modelCalls} c JOIN ${articles} a ON a.id = c.article_id
        WHERE c.provider = ${provider} AND c.model = ${model}
          AND a.status <> 'failed' AND a.target_word_count > 0
        GROUP BY a.id, a.target_word_count
        ORDER BY a.id DESC
        LIMIT ${window}
      )
      SELECT count(*)::int AS articles, coalesce(sum(input), 0)::float8 AS input, coalesce(sum(output), 0)::float8 AS output, coalesce(sum(words), 0)::float8 AS words
      FROM recent`);
    const [row] = rowsOf<{ articles: number; input: number; output: number; words: number }>(result);
    const words = Number(row?.words ?? 0);
    return {
      articles: Number(row?.articles ?? 0),
      input: words > 0 ? Number(row!.input) / words : 0,
      output: words > 0 ? Number(row!.output) / words : 0,
    };
  }

  /**
   * What this model's most recent articles of a length band cost, from the ledger (issue #37): every
   * call named on the article, the failed and repaired ones too, since they are paid as well.
   */
  async recentArticleCosts(
    provider: string,
    model: string,
    band: readonly [number, number],
    window: number,
  ): Promise<{ articles: number; costNanos: number; words: number }> {
    const result = await this.db.execute(sql`
      WITH recent AS (
        SELECT a.id, a.target_word_count AS words, sum(c.cost_nanos)::float8 AS cost
        FROM ${modelCalls} c JOIN ${articles} a ON a.id = c.article_id
        WHERE c.provider = ${provider} AND c.model = ${model}
          AND a.status <> 'failed' AND a.target_word_count >= ${band[0]} AND a.target_word_count < ${band[1]}
        GROUP BY a.id, a.target_word_count
        ORDER BY a.id DESC
        LIMIT ${window}
      )
      SELECT count(*)::int AS articles, coalesce(sum(cost), 0)::float8 AS cost, coalesce(sum(words), 0)::float8 AS words
      FROM recent`);
    const [row] = rowsOf<{ articles: number; cost: number; words: number }>(result);
    return { articles: Number(row?.articles ?? 0), costNanos: Number(row?.cost ?? 0), words: Number(row?.words ?? 0) };
  }

  async siteNames(siteIds: readonly number[]): Promise<Map<number, string>> {
    if (siteIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: sites.id, name: sites.name })
      .from(sites)
      .where(inArray(sites.id, [...siteIds]));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** The start of this month in the operator's time zone (and of the next, when budgets count anew). */
  async monthStart(timeZone: string): Promise<{ at: Date; date: string; next: Date }> {
    const zone = sql`${timeZone}::text`;
    const result = await this.db.execute(sql`
      SELECT (date_trunc('month', now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone}) AS at,
             to_char(date_trunc('month', now() AT TIME ZONE ${zone}), 'YYYY-MM-DD') AS date,
             ((date_trunc('month', now() AT TIME ZONE ${zone}) + interval '1 month') AT TIME ZONE ${zone}) AS next`);
    const [row] = rowsOf<{ at: string | Date; date: string; next: string | Date }>(result);
    return { at: new Date(row!.at), date: row!.date, next: new Date(row!.next) };
  }

  /**
   * When the spend since `from` (of one site, or of all: null) first reached `limitNanos`: the time
   * of the call that took it there, or null when it has not.
   */
  async reachedAt(from: Date, limitNanos: number, siteId: number | null): Promise<Date | null> {
    const result = await this.db.execute(sql`
      SELECT created_at FROM (
        SELECT created_at, sum(cost_nanos) OVER (ORDER BY created_at, id) AS running
        FROM ${modelCalls}
        WHERE created_at >= ${from} ${siteId === null ? sql`` : sql`AND site_id = ${siteId}`}
      ) calls
      WHERE running >= ${limitNanos}
      ORDER BY created_at
      LIMIT 1`);
    const [row] = rowsOf<{ created_at: string | Date }>(result);
    return row ? new Date(row.created_at) : null;
  }
}
