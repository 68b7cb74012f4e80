import type { ResemblingPost } from '@abp/contracts';
import { SiteUnavailableError } from '../../domain-errors.js';
import { badRequest } from '../../errors.js';
import { type ImageProvider, imageFilename, TitleCardImageProvider } from '../../integrations/images/index.js';
import { type LanguageModelProvider, titleKey } from '../../integrations/llm/index.js';
import { OneAtATime } from '../../lib/one-at-a-time.js';
import type { GeneratedArticleRecord, GeneratedArticles, StoredImage } from '../articles/article-store.js';
import { runQualityGate } from '../quality-gate/index.js';
import { UsageCollector, withUsageScope } from '../usage/usage-scope.js';
import { ArticleGenerator, type GeneratedArticle } from './engine/index.js';
import type { GenerationRepository, ReusableArticle } from './generation.repository.js';
import { type GenerationFailure, toGenerationFailure } from './generation-failure.js';
import {
  type GenerateAndStoreInput,
  type GenerateAndStoreResult,
  sourceUrlsOf,
  toDateOrNull,
  type ValidGenerationInput,
  validateGenerationInput,
} from './generation-input.js';

export type { GenerateAndStoreInput, GenerateAndStoreResult } from './generation-input.js';

/** The sites module's check, narrowed to what generation needs. */
export interface ActiveSiteLookup {
  requireActiveSite(siteId: number): Promise<{ id: number; name: string }>;
}

export interface ProviderSource {
  /** The default chain, or the providers a blog configuration chose (ids, in order). */
  current(selection?: readonly string[] | null): Promise<LanguageModelProvider>;
}

/** A post of the site an article links to. */
export interface SiteLinkCandidate {
  wpId: number;
  title: string;
  link: string;
  excerpt: string;
}

export interface GenerationServiceOptions {
  imageProvider?: ImageProvider;
  /** Sections of one article written at once (the provider's own limit applies across articles). */
  sectionConcurrency?: number;
  /**
   * False in a worker process (`--role=worker`): nothing waits on its event loop, so the offline
   * writer keeps the configured concurrency there. Default true.
   */
  servesRequests?: boolean;
  /**
   * The post that already covers the subject on one of the operator's sites (site knowledge, issue
   * #32): the stored article's quality report names it. A failure there leaves the rule out.
   */
  coveringPost?: (
    siteId: number,
    article: { title: string; html: string; keywords: readonly string[] },
  ) => Promise<{ siteId: number; siteName: string; title: string; link: string } | null>;
  /**
   * Links a new article into its live site's existing posts (the site inventory's linker). A
   * failure there never fails the article: it is stored without those links.
   */
  linkIntoSite?: (
    siteId: number,
    article: { title: string; keywords: readonly string[]; content: string },
    /** The posts the writer was given to link to (a model's run); without them they are chosen from the text. */
    given?: readonly SiteLinkCandidate[],
  ) => Promise<{ content: string }>;
  /**
   * The site's posts an article on this topic should link to, before it is written: a model is
   * given them to place in its sentences. A failure means none.
   */
  siteLinkCandidates?: (
    siteId: number,
    article: { title: string; keywords: readonly string[] },
  ) => Promise<SiteLinkCandidate[]>;
  /** The site's recent posts a new article is made alike (issue #33): a warning in its report. A failure leaves the rule out. */
  sameness?: (
    siteId: number,
    article: { title: string; content: string },
  ) => Promise<{ resembles: ResemblingPost[]; compared: number }>;
  /** The usage ledger: the model calls made for an article are named after it once it is stored. */
  usage?: { linkArticle(rowIds: readonly number[], articleId: number): Promise<void> };
}

/**
 * The one way every feature makes an article: validate, generate with the current provider,
 * store the article with its Generation log, image and sources. A generation failure is stored
 * as a 'failed' article and returned, not thrown; invalid input throws a 400.
 */
export class GenerationService {
  private readonly imageProvider: ImageProvider;

  constructor(
    private readonly repo: GenerationRepository,
    /** Where a written (or failed) article is stored: the articles module. */
    private readonly store: GeneratedArticles,
    private readonly sites: ActiveSiteLookup,
    private readonly providers: ProviderSource,
    private readonly options: GenerationServiceOptions = {},
  ) {
    this.imageProvider = options.imageProvider ?? new TitleCardImageProvider();
  }

  // The offline writer computes on the thread that serves requests: one article at a time (a
  // model's work happens elsewhere, so its articles keep the configured concurrency).
  private readonly offlineTurns = new OneAtATime();
  /**
   * Titles chosen by articles of each site being written in this process and not stored yet: two
   * items written at once (a bulk job's) would otherwise both find "… (Part 2)" free and take it.
   */
  private readonly titlesInFlight = new Map<number, Set<string>>();

  /**
   * True when articles are written on the thread that answers requests (the offline writer in a
   * web or all-in-one process), not by a model elsewhere or in a worker process.
   */
  async writesOnThisThread(): Promise<boolean> {
    if (this.options.servesRequests === false) return false;
    return (await this.providers.current().catch(() => null))?.isOffline ?? false;
  }

  async generateAndStore(raw: GenerateAndStoreInput): Promise<GenerateAndStoreResult> {
    const input = validateGenerationInput(raw);
    // A provider that cannot be had is reported below, where it is stored as the article's failure.
    const provider = await this.providers.current(input.providers).catch(() => null);
    const oneAtATime = provider?.isOffline === true && this.options.servesRequests !== false;
    const release = oneAtATime ? await this.offlineTurns.take() : () => undefined;
    const claimed: string[] = [];
    const usage = new UsageCollector();
    try {
      const result = await withUsageScope({ source: input.origin, siteId: input.siteId, collector: usage }, () =>
        this.generateAndStoreWith(provider, input, claimed),
      );
      if (!result.reused) await this.linkUsage(usage, result.articleId);
      return result;
    } finally {
      release();
      // The site's set stays (one small set per site): a check waiting on the database holds no
      // reference to a set that could be dropped meanwhile.
      for (const key of claimed) this.titlesInFlight.get(input.siteId)?.delete(key);
    }
  }

  /** A ledger that cannot name the article loses that link only: the article and its calls stay. */
  private async linkUsage(usage: UsageCollector, articleId: number): Promise<void> {
    if (!this.options.usage) return;
    await this.options.usage.linkArticle(await usage.rowIds(), articleId).catch(() => undefined);
  }

  /**
   * The engine's check of a title (engine/distinct-title.ts takes the first title answered "free"):
   * a free one is claimed at once, in this process, until the article is stored.
   */
  private async claimTitle(siteId: number, title: string, claimed: string[]): Promise<boolean> {
    const key = titleKey(title);
    const inFlight = this.titlesInFlight.get(siteId) ?? new Set<string>();
    this.titlesInFlight.set(siteId, inFlight);
    // Looked at again after the database answers: another article may have claimed it meanwhile.
    if (inFlight.has(key) || (await this.repo.isTitleInUse(siteId, title)) || inFlight.has(key)) return true;
    inFlight.add(key);
    claimed.push(key);
    return false;
  }

  private async generateAndStoreWith(
    known: LanguageModelProvider | null,
    input: ValidGenerationInput,
    claimed: string[],
  ): Promise<GenerateAndStoreResult> {
    const site = await this.activeSite(input.siteId);
    const earlier = input.originKey ? await this.repo.findReusable(input.originKey) : null;
    if (earlier) return reusedResult(earlier);
    const sources = {
      newsUrls: input.sources?.newsUrls ?? [],
      groundingSources: input.sources?.groundingSources ?? [],
    };
    const useSelectedImage = input.includeImages && input.selectedImagePng !== undefined;
    let offline = false;
    let article: GeneratedArticle;
    let siteLinks: SiteLinkCandidate[] | undefined;
    // A topic written about before must not come back under a title the site already has:
    // publishing refuses duplicate titles (see engine/distinct-title.ts).
    const avoidTitles = await this.repo.titlesOnSiteAbout(input.siteId, input.topic);
    try {
      const provider = known ?? (await this.providers.current(input.providers));
      offline = provider.isOffline;
      // A model places the links in its sentences; the offline writer's text is linked afterwards.
      if (!offline && this.options.siteLinkCandidates)
        siteLinks = await this.options
          .siteLinkCandidates(input.siteId, { title: input.topic, keywords: input.keywords ?? [] })
          .catch(() => undefined);
      const generator = new ArticleGenerator({
        provider,
        imageProvider: this.imageProvider,
        sectionConcurrency: this.options.sectionConcurrency ?? 4,
      });
      article = await generator.generate({
        topic: input.topic,
        taskType: input.taskType,
        persona: input.persona,
        wordCount: input.wordCount,
        keywords: input.keywords,
        ...(input.headings?.length ? { headings: input.headings } : {}),
        sources: { ...sources, ...(input.sources?.notes ? { notes: input.sources.notes } : {}) },
        includeImages: input.includeImages && !useSelectedImage,
        siteName: site.name,
        method: input.method,
        avoidTitles,
        ...(siteLinks?.length ? { siteLinks: siteLinks.map((post) => ({ title: post.title, url: post.link })) } : {}),
        isTitleInUse: (title) => this.claimTitle(input.siteId, title, claimed),
        ...(input.signal ? { signal: input.signal } : {}),
      });
    } catch (error) {
      const failure = toGenerationFailure(
        error,
        input.method,
        sources,
        input.signal?.aborted ? input.signal.reason : undefined,
      );
      const articleId = await this.store.storeGenerated(this.failureRecord(input, site.name, failure));
      return {
        articleId,
        title: input.topic,
        content: '',
        ...failure.refusal,
        status: 'failed',
        error: failure.reason,
        errorKind: failure.kind,
        ...(failure.retryAfterSeconds ? { retryAfterSeconds: failure.retryAfterSeconds } : {}),
        wordCount: 0,
        offline,
      };
    }
    if (this.options.linkIntoSite) {
      const linked = await this.options.linkIntoSite(input.siteId, article, siteLinks).catch(() => null);
      if (linked) article = { ...article, content: linked.content };
    }
    const image =
      useSelectedImage && input.selectedImagePng
        ? { png: input.selectedImagePng, alt: article.title, filename: imageFilename(article.title) }
        : imageOf(article);
    const articleId = await this.store.storeGenerated(await this.successRecord(input, site.name, article, image));
    return {
      articleId,
      title: article.title,
      content: article.content,
      attempts: article.attempts,
      refusal_recovered: article.refusal_recovered,
      refusal_matches: article.refusal_matches,
      status: 'draft',
      wordCount: article.wordCount,
      offline,
    };
  }

  /** Unknown, inactive or departing sites are the caller's mistake: a 400 naming site_id. */
  private async activeSite(siteId: number): Promise<{ id: number; name: string }> {
    try {
      return await this.sites.requireActiveSite(siteId);
    } catch (error) {
      // Not the request's fault: the site's state, said as it is (a 409; a unit stops on it).
      if (error instanceof SiteUnavailableError && error.reason === 'credentials_rejected') throw error;
      if (error instanceof SiteUnavailableError) {
        throw badRequest('site_id', error.reason === 'missing' ? `no site with id ${siteId} exists` : error.message);
      }
      throw error;
    }
  }

  private async successRecord(
    input: ValidGenerationInput,
    siteName: string,
    article: GeneratedArticle,
    image: StoredImage | null,
  ): Promise<GeneratedArticleRecord> {
    const [otherTitlesOnSite, covering, sameness] = await Promise.all([
      this.repo.sameTitlesOnSite(input.siteId, article.title),
      this.options.coveringPost
        ? this.options
            .coveringPost(input.siteId, { title: article.title, html: article.content, keywords: article.keywords })
            .catch(() => null)
        : null,
      this.options.sameness?.(input.siteId, { title: article.title, content: article.content }).catch(() => null) ??
        null,
    ]);
    const qualityReport = runQualityGate(
      { title: article.title, content: article.content },
      {
        targetWordCount: input.wordCount,
        otherTitlesOnSite,
        ...(covering
          ? {
              existingPostsOnSite: [
                {
                  title: covering.title,
                  link: covering.link,
                  otherSite: covering.siteId === input.siteId ? null : covering.siteName,
                },
              ],
            }
          : {}),
        ...(article.provider.offline ? { writtenOffline: 'note' as const } : {}),
        ...(article.aiTellsRewritten ? { aiTellsRewritten: article.aiTellsRewritten } : {}),
        ...(sameness ? { sameness } : {}),
      },
    );
    return {
      article: {
        ...this.commonFields(input, siteName),
        title: article.title,
        content: article.content,
        status: 'draft',
        keywords: article.keywords,
        tags: article.tags,
        metaDescription: article.metaDescription,
        wordCount: article.wordCount,
        attempts: article.attempts,
        refusalRecovered: article.refusal_recovered,
        refusalMatches: article.refusal_matches,
        writtenOffline: article.provider.offline,
        qualityReport,
        ...(input.originKey ? { originKey: input.originKey } : {}),
      },
      log: article.log,
      image,
      trendSources: this.trendSources(input),
    };
  }

  private failureRecord(
    input: ValidGenerationInput,
    siteName: string,
    failure: GenerationFailure,
  ): GeneratedArticleRecord {
    return {
      article: {
        ...this.commonFields(input, siteName),
        title: input.topic,
        content: '',
        status: 'failed',
        failureReason: failure.reason,
        keywords: input.keywords,
        attempts: failure.refusal.attempts,
        refusalRecovered: failure.refusal.refusal_recovered,
        refusalMatches: failure.refusal.refusal_matches,
      },
      log: failure.log,
      image: null,
      trendSources: this.trendSources(input),
    };
  }

  private commonFields(input: ValidGenerationInput, siteName: string) {
    return {
      siteId: input.siteId,
      siteName,
      taskType: input.taskType,
      persona: input.persona,
      origin: input.origin,
      targetWordCount: input.wordCount,
      sourceUrls: sourceUrlsOf(input),
      wpCategoryIds: input.wordpress?.categoryIds ?? [],
      wpAuthorId: input.wordpress?.authorId ?? null,
    };
  }

  private trendSources(input: ValidGenerationInput) {
    return (input.sources?.trendSources ?? [])
      .filter((source) => source.topic?.trim())
      .map((source) => ({
        topic: source.topic.trim(),
        description: source.description ?? '',
        publishedDate: toDateOrNull(source.publishedDate),
        trendUrl: source.trendUrl || null,
      }));
  }
}

function reusedResult(article: ReusableArticle): GenerateAndStoreResult {
  return {
    articleId: article.id,
    title: article.title,
    content: article.content,
    attempts: article.attempts,
    refusal_recovered: article.refusalRecovered,
    refusal_matches: article.refusalMatches,
    status: 'draft',
    wordCount: article.wordCount,
    offline: false,
    reused: true,
  };
}

function imageOf(article: GeneratedArticle): StoredImage | null {
  const image = article.featuredImage;
  return image ? { png: image.png, alt: image.alt, filename: image.filename } : null;
}
