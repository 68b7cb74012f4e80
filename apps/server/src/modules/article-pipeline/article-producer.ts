import type { ArticlePublishResult } from '@abp/contracts';
import { QualityGateBlockedError } from '../../domain-errors.js';
import type { ReviewRecords } from '../articles/article-store.js';
import type { GenerateAndStoreInput, GenerateAndStoreResult } from '../generation/generation-input.js';
import type { PublishableStatus } from '../publishing/publish-options.js';
import type { EditorialPolicy, SiteEditorialPolicy } from './editorial-policy.js';
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
  /**
   * The job's own publishing policy (issue #33: a bulk job's, a manual request's); absent: the
   * site's blog configuration's, else the site's default. Read only when `publish` is true.
   */
  editorial?: EditorialPolicy;
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
  /**
   * Stored and kept back by the publishing policy (issue #33): it waits in the Review inbox, held or
   * until `releaseAt`. `draft`: the WordPress draft sent for a preview (send_held_as_draft), or why it
   * could not be sent (the article waits all the same).
   */
  | {
      stage: 'held';
      ok: true;
      articleId: number;
      generated: GenerateAndStoreResult | null;
      reason: 'held' | 'delayed';
      releaseAt: Date | null;
      draft: { post: ArticlePublishResult } | { error: unknown } | null;
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
  /** The publishing policy (issue #33); absent: every article goes out at once ('auto'). */
  editorial?: {
    forSite(siteId: number): Promise<SiteEditorialPolicy>;
    review: Pick<ReviewRecords, 'markWaiting'>;
    now?: () => Date;
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
    const held = await this.holdIfThePolicySays(brief.siteId, policy, articleId, generated);
    if (held) return held;
    try {
      const post = await this.ports.publishing.publishArticle(articleId, {
        force: policy.onQualityGate === 'publish-anyway',
        ...(policy.status ? { status: policy.status } : {}),
        ...(policy.siteId !== undefined ? { siteId: policy.siteId } : {}),
      });
      return { stage: 'published', ok: true, articleId, generated, post };
    } catch (error) {
      // Refused by the quality gate: the article waits for the operator's decision in the Review inbox.
      if (error instanceof QualityGateBlockedError)
        await this.ports.editorial?.review.markWaiting(articleId, 'quality_gate').catch(() => undefined);
      return { stage: 'publish', ok: false, articleId, generated, decision: classifyThrown(error), error };
    }
  }

  /**
   * The policy in force (the job's own, else the site's blog configuration's, else the site's
   * default): 'auto' goes on to publish (null here); 'hold' and 'delay' keep the article back in the
   * Review inbox, sending it to WordPress as a draft when the site asks for a preview there.
   */
  private async holdIfThePolicySays(
    briefSiteId: number,
    policy: PublishPolicy,
    articleId: number,
    generated: GenerateAndStoreResult | null,
  ): Promise<ProductionOutcome | null> {
    const editorial = this.ports.editorial;
    if (!editorial) return null;
    const site = await editorial.forSite(policy.siteId ?? briefSiteId);
    const chosen = policy.editorial ?? site;
    if (chosen.mode === 'auto') return null;
    const now = editorial.now?.() ?? new Date();
    const releaseAt =
      chosen.mode === 'delay' ? new Date(now.getTime() + (chosen.delayHours ?? 24) * 60 * 60 * 1000) : null;
    const reason = chosen.mode === 'delay' ? 'delayed' : 'held';
    // Marked first: should the draft push below hang or the process die, the article already waits.
    await editorial.review.markWaiting(articleId, reason, { releaseAt });
    let draft: { post: ArticlePublishResult } | { error: unknown } | null = null;
    if (site.sendHeldAsDraft) {
      try {
        draft = {
          post: await this.ports.publishing.publishArticle(articleId, {
            status: 'draft',
            // A preview only: the gate judges it again when it is published for real.
            force: true,
            ...(policy.siteId !== undefined ? { siteId: policy.siteId } : {}),
          }),
        };
      } catch (error) {
        draft = { error };
      }
    }
    return { stage: 'held', ok: true, articleId, generated, reason, releaseAt, draft };
  }
}
