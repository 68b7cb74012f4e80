import type { ArticlePublishResult } from '@abp/contracts';
import type { GenerateAndStoreInput, GenerateAndStoreResult } from '../generation/generation-input.js';
import type { PublishableStatus } from '../publishing/publish-options.js';
import { classifyGenerationFailure, classifyThrown, type FailureDecision } from './failure-classifier.js';

/**
 * What a producer (manual generation, a bulk item, a scheduler slot, a trend, an SEO plan item)
 * declares about publishing the article it asks for.
 */
export type PublishPolicy = {
  /** False: write and store only (the article stays a draft in Articles). */
  publish: boolean;
  /** The article's status once WordPress has the post; omitted: its current status (a draft). */
  status?: PublishableStatus;
  /** What a quality-gate objection does: 'refuse' reports it, 'publish-anyway' overrides it (the report stays on the article). */
  onQualityGate: 'refuse' | 'publish-anyway';
  /** The site the producer believes the article belongs to (checked by publishing). */
  siteId?: number;
};

export interface ProductionHooks {
  /**
   * An article a previous run of the same unit of work already stored (its id), so it is published
   * rather than written again; null when there is none (or it failed since).
   */
  existingArticleId?: number | null;
  /**
   * Called once the article is stored and before it is published: the producer records it on its
   * unit of work (so a retry publishes it instead of writing another) and may stop here ('stop':
   * switched off meanwhile, cancelled, taken over).
   */
  afterStore?: (articleId: number, stored: GenerateAndStoreResult | null) => Promise<'continue' | 'stop'>;
}

export type ProductionOutcome =
  /** The generation failed (stored as a 'failed' article) or was refused before anything was stored. */
  | {
      stage: 'generation';
      ok: false;
      articleId: number | null;
      generated: GenerateAndStoreResult | null;
      decision: FailureDecision;
      error?: unknown;
    }
  /** Stored; not published (the policy says so, or afterStore stopped it). */
  | { stage: 'stored'; ok: true; articleId: number; generated: GenerateAndStoreResult | null; stopped: boolean }
  | {
      stage: 'published';
      ok: true;
      articleId: number;
      generated: GenerateAndStoreResult | null;
      post: ArticlePublishResult;
    }
  /** Stored, but the publish failed: the article keeps its status (publishing's rule), the decision says whether to try again. */
  | {
      stage: 'publish';
      ok: false;
      articleId: number;
      generated: GenerateAndStoreResult | null;
      decision: FailureDecision;
      error: unknown;
    };

export interface ProducerPorts {
  generation: { generateAndStore(input: GenerateAndStoreInput): Promise<GenerateAndStoreResult> };
  publishing: {
    publishArticle(
      articleId: number,
      options?: { status?: PublishableStatus; force?: boolean; siteId?: number | null },
    ): Promise<ArticlePublishResult>;
  };
}

/**
 * The one way an article is produced: write and store it (or take the one an earlier run stored),
 * let the producer record it, then publish it through the publishing service under the producer's
 * declared policy, and say what happened with one failure classification. Producers keep only what
 * is theirs: their unit of work, their counters and logs, when to try again.
 */
export class ArticleProducer {
  constructor(private readonly ports: ProducerPorts) {}

  async produce(
    brief: GenerateAndStoreInput,
    policy: PublishPolicy,
    hooks: ProductionHooks = {},
  ): Promise<ProductionOutcome> {
    let articleId = hooks.existingArticleId ?? null;
    let generated: GenerateAndStoreResult | null = null;
    if (articleId === null) {
      try {
        generated = await this.ports.generation.generateAndStore(brief);
      } catch (error) {
        // Refused before anything was stored (invalid input, the site gone or switched off).
        return {
          stage: 'generation',
          ok: false,
          articleId: null,
          generated: null,
          decision: classifyThrown(error),
          error,
        };
      }
      if (generated.status === 'failed') {
        const decision = classifyGenerationFailure(
          generated.errorKind,
          generated.error ?? 'The article could not be generated',
          generated.retryAfterSeconds,
        );
        return { stage: 'generation', ok: false, articleId: generated.articleId, generated, decision };
      }
      articleId = generated.articleId;
    }
    if (hooks.afterStore && (await hooks.afterStore(articleId, generated)) === 'stop')
      return { stage: 'stored', ok: true, articleId, generated, stopped: true };
    if (!policy.publish) return { stage: 'stored', ok: true, articleId, generated, stopped: false };
    try {
      const post = await this.ports.publishing.publishArticle(articleId, {
        force: policy.onQualityGate === 'publish-anyway',
        ...(policy.status ? { status: policy.status } : {}),
        ...(policy.siteId !== undefined ? { siteId: policy.siteId } : {}),
      });
      return { stage: 'published', ok: true, articleId, generated, post };
    } catch (error) {
      return { stage: 'publish', ok: false, articleId, generated, decision: classifyThrown(error), error };
    }
  }
}
