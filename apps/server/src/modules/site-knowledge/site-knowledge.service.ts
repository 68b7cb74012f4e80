import { createHash } from 'node:crypto';
import type { KnowledgeSearch, KnowledgeSearchQuery } from '@abp/contracts';
import type { EmbeddingsClient } from '../../integrations/embeddings/index.js';
import { isLlmError } from '../../integrations/llm/index.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import { yieldWhenSliceUsed } from '../../lib/event-loop-yield.js';
import { htmlSections } from '../../lib/html/html-text.js';
import type { UsageMeter } from '../usage/metered-provider.js';
import { currentUsageScope, withUsageScope } from '../usage/usage-scope.js';
import { englishFrequencies } from './english-frequencies.js';
import type { CategoryChoice, SimilarDoc, TopicFit, TrendText } from './judgements.js';
import { bestCategoryIn, duplicateScoring, fitsTopicsIn, relatedIn, similarIn } from './knowledge-queries.js';
import { KNOWLEDGE_PARAMETERS, type KnowledgeParameters } from './parameters.js';
import { type KnowledgeDocInput, type KnowledgeQuery, type ScoredDoc, SiteIndex } from './site-index.js';
import type {
  ArticleDocRow,
  InventoryDocRow,
  SiteKnowledgeRepository,
  Watermark,
} from './site-knowledge.repository.js';

/** Rows read per statement when an index is built or a site embedded. */
const PAGE = 500;
/** Characters of a document sent to the embeddings model: its title, headings and the start of its text. */
export const EMBED_TEXT_CHARS = 4_000;
/** Documents kept indexed in memory, all sites together; the least recently used sites go first. */
export const DEFAULT_MAX_INDEXED_DOCS = 120_000;
/** How often the background tick looks for documents without a vector of the model in use. */
export const EMBED_SCHEDULE_CRON = '*/15 * * * *';
/** A query's own embedding: short, and a passing failure leaves the answer lexical. */
const QUERY_EMBED_TIMEOUT_MS = 10_000;

/** An article (or a topic being planned) as the judgements read it. */
export interface ArticleText {
  title: string;
  /** Its HTML; or `text` (plain). */
  html?: string;
  text?: string;
  /** Its keywords (the primary one first): read with its headings. */
  keywords?: readonly string[];
}

/** A post (or the app's article) on one of the operator's sites that already covers a subject. */
export interface CoveringPost {
  /** 'post:12', 'page:3', 'article:45'. */
  key: string;
  siteId: number;
  siteName: string;
  title: string;
  link: string;
  /** 0–1, at or above the duplicate threshold. */
  score: number;
}

interface KeptIndex {
  index: SiteIndex;
  watermark: Watermark;
  /** The model whose vectors it holds ('' for none). */
  model: string;
}

/** The text a document is embedded from, and its hash: a new hash is a new version. */
export function embeddingText(doc: { title: string; headings: readonly string[]; body: string }): string {
  return [doc.title, doc.headings.join('\n'), doc.body].join('\n').slice(0, EMBED_TEXT_CHARS);
}
const round = (value: number) => Math.round(value * 1000) / 1000;
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

function inventoryDoc(siteId: number, row: InventoryDocRow): KnowledgeDocInput {
  return {
    key: `${row.kind}:${row.wpId}`,
    siteId,
    kind: row.kind,
    title: row.title,
    link: row.link,
    categoryIds: row.categoryIds,
    headings: row.headings ? row.headings.split('\n') : [],
    // Posts read before the body was kept have their excerpt at least.
    body: row.body || row.excerpt,
  };
}

function articleDoc(siteId: number, row: ArticleDocRow): KnowledgeDocInput {
  const sections = htmlSections(row.content);
  return {
    key: `article:${row.id}`,
    siteId,
    kind: 'article',
    title: row.title,
    link: row.link ?? '',
    categoryIds: Array.isArray(row.categoryIds) ? row.categoryIds : [],
    headings: sections.headings,
    body: sections.body,
  };
}

function queryOf(article: ArticleText, vector: number[] | null): KnowledgeQuery {
  const sections = article.html ? htmlSections(article.html) : { headings: [], body: article.text ?? '' };
  const keywords = (article.keywords ?? []).filter((keyword) => keyword.trim() !== '');
  return { title: article.title, headings: [...keywords, ...sections.headings], body: sections.body, vector };
}

/**
 * Site knowledge (issue #32): one index per site of everything published there — the inventory's
 * posts and pages, the app's own articles — kept in memory (the least recently used sites leave
 * first, within a bound of documents), brought up to date before each use from what changed in the
 * database, with embeddings where the provider has them. Every judgement of "what the site
 * already has" asks it.
 */
export class SiteKnowledgeService {
  private readonly kept = new Map<number, KeptIndex>();
  private readonly loading = new Map<number, Promise<KeptIndex>>();
  private readonly queryVectors = new Map<string, number[]>();
  /** Each site's watermark when its last embedding run began: the tick skips sites unchanged since. */
  private readonly embeddedAt = new Map<number, string>();

  constructor(
    private readonly repo: SiteKnowledgeRepository,
    private readonly ports: {
      /** The embeddings model of the configured provider chain, or null (lexical only). */
      embeddings: () => Promise<EmbeddingsClient | null>;
      meter?: UsageMeter;
      queue?: JobQueue;
      /** Answers 404 for a site that does not exist (the route's look into an index). */
      sites?: { findOrThrow(siteId: number): Promise<unknown> };
      log?: { warn(object: unknown, message: string): void };
    },
    private readonly options: { maxDocs?: number; parameters?: KnowledgeParameters } = {},
  ) {}

  private get parameters(): KnowledgeParameters {
    return this.options.parameters ?? KNOWLEDGE_PARAMETERS;
  }

  // ── the questions ───────────────────────────────────────────────────────

  /** Posts and articles of these sites on the same subject, best first, each with its verdict (the article's own site first). */
  async similar(siteIds: readonly number[], article: ArticleText, k = 5): Promise<SimilarDoc[]> {
    const indexes = await Promise.all([...new Set(siteIds)].map((siteId) => this.indexOf(siteId)));
    const vector = await this.queryVector(article, siteIds[0] ?? null);
    return similarIn(indexes, queryOf(article, vector), k, this.parameters);
  }

  /**
   * The post that already covers an article's subject (issue #32's duplicate subject), on its own
   * site or any other of the operator's sites, or null. Only what is on a site counts: the
   * inventory's posts and pages and the app's articles with a post; a draft not sent anywhere
   * covers nothing yet. `excludeKeys` are the article's own documents on its site ('article:45',
   * 'post:12').
   */
  async coveringPost(
    siteId: number,
    article: ArticleText & { excludeKeys?: readonly string[] },
  ): Promise<CoveringPost | null> {
    const sites = await this.repo.operatorSites();
    const names = new Map(sites.map((site) => [site.id, site.name]));
    const siteIds = [siteId, ...sites.map((site) => site.id).filter((id) => id !== siteId)];
    const indexes = await Promise.all(siteIds.map((id) => this.indexOf(id)));
    const exclude = new Set((article.excludeKeys ?? []).map((key) => `${siteId}:${key}`));
    const onSite = (doc: { siteId: number; key: string; link: string }) =>
      doc.link !== '' && !exclude.has(`${doc.siteId}:${doc.key}`);
    const covering = (doc: { siteId: number; key: string; title: string; link: string }, score: number) => ({
      key: doc.key,
      siteId: doc.siteId,
      siteName: names.get(doc.siteId) ?? '',
      title: doc.title,
      link: doc.link,
      score: round(score),
    });
    // The app's articles without a public post (a WordPress draft, or trashed or deleted there
    // since) cover nothing, as the inventory counts only public posts (read now: a live check
    // records the post's state without touching what the index watches).
    const stillOnSite = async <T extends { key: string }>(docs: T[]): Promise<T[]> => {
      const ids = docs.filter((doc) => doc.key.startsWith('article:')).map((doc) => Number(doc.key.slice(8)));
      if (ids.length === 0) return docs;
      const gone = new Set((await this.repo.articlesNotPublic(ids)).map((id) => `article:${id}`));
      return docs.filter((doc) => !gone.has(doc.key));
    };
    // A post titled as the article or its primary keyword covers it whatever its text says.
    const phrases = [article.title, article.keywords?.[0] ?? ''].filter((phrase) => phrase.trim() !== '');
    const sameTitle = await stillOnSite(
      indexes.flatMap((index) => phrases.flatMap((phrase) => index.withTitle(phrase, onSite))),
    );
    if (sameTitle[0]) return covering(sameTitle[0], 1);
    const vector = await this.queryVector(article, siteId);
    const similar = similarIn(indexes, queryOf(article, vector), 5, this.parameters, exclude, onSite);
    const [best] = await stillOnSite(
      similar.filter((doc) => doc.duplicate).map((doc) => ({ ...doc, key: doc.doc.key })),
    );
    return best ? covering(best.doc, best.score) : null;
  }

  /** The site's posts an article should link to (its own document excepted). */
  async related(
    siteId: number,
    article: ArticleText & { excludeKeys?: readonly string[]; postsOnly?: boolean; all?: boolean },
    k = 3,
  ): Promise<ScoredDoc[]> {
    const index = await this.indexOf(siteId);
    const vector = await this.queryVector(article, siteId);
    return relatedIn(
      index,
      queryOf(article, vector),
      k,
      this.parameters,
      new Set(article.excludeKeys ?? []),
      article.postsOnly ?? false,
      article.all ?? false,
    );
  }

  /** The site's inverse document frequency of a term (a stem): what makes a word of a title telling there. */
  async termWeight(siteId: number): Promise<(term: string) => number> {
    const stats = (await this.indexOf(siteId)).termStats;
    return (term) => stats.idf(term);
  }

  /** Whether a trend fits the topics, and (with the site) what the site writes. No model is asked to judge. */
  async fitsTopics(topics: readonly string[], trend: TrendText, siteId?: number | null): Promise<TopicFit> {
    const index = siteId ? await this.indexOf(siteId) : null;
    const vector = index
      ? await this.queryVector({ title: trend.title, text: trend.description ?? '' }, siteId ?? null)
      : null;
    return fitsTopicsIn(index, topics, trend, this.parameters, vector);
  }

  /** The category whose posts are nearest the article (one the site has), or null when unclear. */
  async bestCategory(siteId: number, article: ArticleText): Promise<CategoryChoice> {
    const index = await this.indexOf(siteId);
    const categories = await this.repo.categories(siteId);
    const vector = await this.queryVector(article, siteId);
    return bestCategoryIn(index, queryOf(article, vector), this.parameters, categories);
  }

  /** What the index knows about a subject (the operator's look into it, GET …/knowledge/search), and its figures. */
  async search(siteId: number, query: KnowledgeSearchQuery): Promise<KnowledgeSearch> {
    await this.ports.sites?.findOrThrow(siteId);
    const index = await this.indexOf(siteId);
    const vector = await this.queryVector({ title: query.q }, siteId);
    // Every field is searched (a word only a post's body has finds it); the verdict is the duplicate check's.
    const p = this.parameters;
    const results = index.query({ title: query.q, vector }, { k: query.limit, ...duplicateScoring(p) }).map((doc) => ({
      ...doc,
      duplicate: doc.score >= (doc.vector === null ? p.duplicate.threshold : p.duplicate.hybridThreshold),
    }));
    return {
      site_id: siteId,
      documents: index.size,
      vectors: index.vectorCount,
      mode: vector && index.vectorCount > 0 ? 'hybrid' : 'lexical',
      results: results.map((result) => ({
        key: result.doc.key,
        kind: result.doc.kind,
        title: result.doc.title,
        link: result.doc.link,
        category_ids: [...result.doc.categoryIds],
        score: round(result.score),
        lexical: round(result.lexical),
        title_score: round(result.title),
        vector: result.vector === null ? null : round(result.vector),
        duplicate: result.duplicate,
      })),
    };
  }

  /** Forgets a site's index (its site was deleted, or a test wants a fresh read). */
  forget(siteId: number): void {
    this.kept.delete(siteId);
  }

  // ── the index of a site ─────────────────────────────────────────────────

  /** The site's index, up to date with the database (built the first time, then only what changed). */
  async indexOf(siteId: number): Promise<SiteIndex> {
    const pending = this.loading.get(siteId);
    if (pending) return (await pending).index;
    const load = this.refresh(siteId).finally(() => this.loading.delete(siteId));
    this.loading.set(siteId, load);
    const kept = await load;
    // Most recently used last: the map's order is the eviction order.
    this.kept.delete(siteId);
    this.kept.set(siteId, kept);
    this.evict(siteId);
    return kept.index;
  }

  private async refresh(siteId: number): Promise<KeptIndex> {
    const [watermark, client] = await Promise.all([this.repo.watermark(siteId), this.embeddingsClient()]);
    const model = client?.model ?? '';
    const kept = this.kept.get(siteId);
    if (!kept || kept.model !== model) return this.build(siteId, watermark, model);
    const before = kept.watermark;
    if (before.items !== watermark.items || before.itemsAt !== watermark.itemsAt)
      await this.loadInventory(kept.index, siteId, before.itemsAt, watermark.items);
    if (before.articles !== watermark.articles || before.articlesAt !== watermark.articlesAt)
      await this.loadArticles(kept.index, siteId, before.articlesAt, watermark.articles);
    if (model && (before.vectors !== watermark.vectors || before.vectorsAt !== watermark.vectorsAt))
      await this.loadVectors(kept.index, siteId, model, before.vectorsAt);
    kept.watermark = watermark;
    return kept;
  }

  private async build(siteId: number, watermark: Watermark, model: string): Promise<KeptIndex> {
    const index = new SiteIndex(siteId, this.parameters, englishFrequencies());
    await this.loadInventory(index, siteId, 0, watermark.items);
    await this.loadArticles(index, siteId, 0, watermark.articles);
    if (model) await this.loadVectors(index, siteId, model, 0);
    return { index, watermark, model };
  }

  /** Adds the inventory's documents synced after `since`; then, if the count disagrees, drops those gone. */
  private async loadInventory(index: SiteIndex, siteId: number, since: number, expected: number): Promise<void> {
    let after: { kind: string; wpId: number } | undefined;
    for (;;) {
      const rows = await this.repo.inventoryDocs(siteId, { since, ...(after ? { after } : {}), limit: PAGE });
      for (const row of rows) {
        index.upsert(inventoryDoc(siteId, row));
        await yieldWhenSliceUsed();
      }
      if (rows.length < PAGE) break;
      const last = rows.at(-1)!;
      after = { kind: last.kind, wpId: last.wpId };
    }
    const held = index.keys().filter((key) => !key.startsWith('article:'));
    if (since > 0 && held.length !== expected) {
      const present = new Set(await this.repo.inventoryKeys(siteId));
      for (const key of held) if (!present.has(key)) index.remove(key);
    }
  }

  private async loadArticles(index: SiteIndex, siteId: number, since: number, expected: number): Promise<void> {
    let afterId = 0;
    for (;;) {
      const rows = await this.repo.articleDocs(siteId, { since, afterId, limit: PAGE });
      for (const row of rows) {
        index.upsert(articleDoc(siteId, row));
        await yieldWhenSliceUsed();
      }
      if (rows.length < PAGE) break;
      afterId = rows.at(-1)!.id;
    }
    const held = index.keys().filter((key) => key.startsWith('article:'));
    if (held.length !== expected) {
      const present = new Set(await this.repo.articleKeys(siteId));
      for (const key of held) if (!present.has(key)) index.remove(key);
    }
  }

  private async loadVectors(index: SiteIndex, siteId: number, model: string, since: number): Promise<void> {
    for (const row of await this.repo.vectors(siteId, model, since || undefined)) {
      index.setVector(row.docKey, row.vector);
      await yieldWhenSliceUsed();
    }
  }

  private evict(current: number): void {
    const max = this.options.maxDocs ?? DEFAULT_MAX_INDEXED_DOCS;
    let total = 0;
    for (const kept of this.kept.values()) total += kept.index.size;
    for (const [siteId, kept] of this.kept) {
      if (total <= max) break;
      if (siteId === current) continue;
      this.kept.delete(siteId);
      total -= kept.index.size;
    }
  }

  // ── embeddings ──────────────────────────────────────────────────────────

  private async embeddingsClient(): Promise<EmbeddingsClient | null> {
    try {
      return await this.ports.embeddings();
    } catch {
      return null;
    }
  }

  /** The query's embedding (metered), or null: no model, or it failed (the answer is then lexical). */
  private async queryVector(article: ArticleText, siteId: number | null): Promise<number[] | null> {
    const client = await this.embeddingsClient();
    if (!client) return null;
    const sections = article.html ? htmlSections(article.html) : { headings: [], body: article.text ?? '' };
    const text = embeddingText({ title: article.title, headings: sections.headings, body: sections.body });
    const cacheKey = `${client.providerId}\u0000${client.model}\u0000${hashOf(text)}`;
    const cached = this.queryVectors.get(cacheKey);
    if (cached) return cached;
    try {
      const [vector] = await this.embedMetered(
        client,
        [text],
        siteId,
        'site knowledge: query',
        AbortSignal.timeout(QUERY_EMBED_TIMEOUT_MS),
      );
      if (!vector) return null;
      if (this.queryVectors.size >= 500) this.queryVectors.delete(this.queryVectors.keys().next().value!);
      this.queryVectors.set(cacheKey, vector);
      return vector;
    } catch (error) {
      this.ports.log?.warn({ err: error, siteId }, 'site knowledge: the query embedding failed; answering lexically');
      return null;
    }
  }

  /** One embeddings call, written to the usage ledger (success or failure) under the caller's scope. */
  private async embedMetered(
    client: EmbeddingsClient,
    texts: string[],
    siteId: number | null,
    step: string,
    signal?: AbortSignal,
  ): Promise<number[][]> {
    const scope = { ...currentUsageScope(), ...(siteId ? { siteId } : {}), step: currentUsageScope().step ?? step };
    const started = performance.now();
    try {
      const result = await client.embed(texts, signal);
      await this.record(client, scope, {
        inputTokens: result.inputTokens,
        estimated: result.estimated,
        durationMs: result.durationMs,
        outcome: 'ok',
        error: null,
      });
      return result.vectors;
    } catch (error) {
      await this.record(client, scope, {
        inputTokens: 0,
        estimated: false,
        durationMs: performance.now() - started,
        outcome: isLlmError(error) ? error.kind : 'unknown',
        error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      });
      throw error;
    }
  }

  private async record(
    client: EmbeddingsClient,
    scope: ReturnType<typeof currentUsageScope>,
    call: { inputTokens: number; estimated: boolean; durationMs: number; outcome: string; error: string | null },
  ): Promise<void> {
    if (!this.ports.meter) return;
    try {
      const { rowId } = await this.ports.meter.record(
        {
          provider: client.providerId,
          model: client.model,
          outputTokens: 0,
          ...call,
          durationMs: Math.round(call.durationMs),
        },
        { source: 'other', ...scope },
      );
      await rowId;
    } catch {
      // A ledger that cannot be written costs a row, not the vectors.
    }
  }

  /**
   * The background work: every document of the site whose text has no vector of the model in use
   * gets one (in batches), so a post is embedded once per version; vectors of documents gone are
   * dropped. Nothing happens without an embeddings model.
   */
  async embedSite(siteId: number): Promise<{ embedded: number; kept: number; pruned: number; model: string | null }> {
    const client = await this.embeddingsClient();
    if (!client) return { embedded: 0, kept: 0, pruned: 0, model: null };
    const mark = documentsMark(client.model, await this.repo.watermark(siteId));
    let embedded = 0;
    let kept = 0;
    const keys: string[] = [];
    const pending: Array<{ docKey: string; contentHash: string; text: string }> = [];
    const flush = async () => {
      while (pending.length > 0) {
        const batch = pending.splice(0, client.maxBatch);
        const vectors = await withUsageScope({ source: 'other', siteId, step: 'site knowledge: embeddings' }, () =>
          this.embedMetered(
            client,
            batch.map((doc) => doc.text),
            siteId,
            'site knowledge: embeddings',
          ),
        );
        await this.repo.saveVectors(
          siteId,
          client.model,
          batch.map((doc, i) => ({ docKey: doc.docKey, contentHash: doc.contentHash, vector: vectors[i]! })),
        );
        embedded += batch.length;
      }
    };
    const consider = async (docs: KnowledgeDocInput[]) => {
      const texts = docs.map((doc) => ({ docKey: doc.key, text: embeddingText(doc) }));
      const stored = await this.repo.storedHashes(
        siteId,
        client.model,
        texts.map((doc) => doc.docKey),
      );
      for (const doc of texts) {
        keys.push(doc.docKey);
        const contentHash = hashOf(doc.text);
        if (stored.get(doc.docKey) === contentHash) kept++;
        else pending.push({ ...doc, contentHash });
      }
      if (pending.length >= client.maxBatch) await flush();
    };
    let after: { kind: string; wpId: number } | undefined;
    for (;;) {
      const rows = await this.repo.inventoryDocs(siteId, { ...(after ? { after } : {}), limit: PAGE });
      await consider(rows.map((row) => inventoryDoc(siteId, row)));
      if (rows.length < PAGE) break;
      after = { kind: rows.at(-1)!.kind, wpId: rows.at(-1)!.wpId };
    }
    let afterId = 0;
    for (;;) {
      const rows = await this.repo.articleDocs(siteId, { afterId, limit: PAGE });
      await consider(rows.map((row) => articleDoc(siteId, row)));
      if (rows.length < PAGE) break;
      afterId = rows.at(-1)!.id;
    }
    await flush();
    const pruned = await this.repo.pruneVectors(siteId, keys);
    this.embeddedAt.set(siteId, mark);
    return { embedded, kept, pruned, model: client.model };
  }

  /** Asks for a site's embedding run (one queued or running per site); false when one already is or there is no model. */
  async requestEmbedding(siteId: number): Promise<boolean> {
    if (!this.ports.queue || !(await this.embeddingsClient())) return false;
    const sent = await this.ports.queue.trySend('knowledgeEmbed', { siteId }, { singletonKey: `site-${siteId}` });
    return sent !== null;
  }

  embedJob(): JobDefinition<'knowledgeEmbed'> {
    return {
      job: 'knowledgeEmbed',
      queue: {
        policy: 'exclusive',
        retryLimit: 3,
        retryDelay: 60,
        retryBackoff: true,
        heartbeatSeconds: 60,
        expireInSeconds: 2 * 60 * 60,
        deleteAfterSeconds: 24 * 60 * 60,
      },
      handler: async ({ siteId }) => this.embedSite(siteId),
    };
  }

  /** Every 15 minutes: each site with documents gets an embedding run (it embeds only what has no vector yet). */
  embedScheduleJob(): JobDefinition<'knowledgeEmbedSchedule'> {
    return {
      job: 'knowledgeEmbedSchedule',
      cron: EMBED_SCHEDULE_CRON,
      queue: { retryLimit: 0, expireInSeconds: 5 * 60 },
      handler: async () => {
        const client = await this.embeddingsClient();
        if (!client) return { queued: [] };
        const queued: number[] = [];
        for (const siteId of await this.repo.sitesWithDocuments()) {
          // Reading a site's texts to find what changed costs: only sites that changed since their last run.
          const mark = documentsMark(client.model, await this.repo.watermark(siteId));
          if (this.embeddedAt.get(siteId) === mark) continue;
          if (await this.requestEmbedding(siteId).catch(() => false)) queued.push(siteId);
        }
        return { queued };
      },
    };
  }
}

/** The model and the site's documents (not its vectors: a run's own vectors are no reason for another run). */
function documentsMark(model: string, watermark: Watermark): string {
  return [model, watermark.items, watermark.itemsAt, watermark.articles, watermark.articlesAt].join('|');
}
