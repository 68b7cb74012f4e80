import {
  DEFAULT_PUBLISH_STATUS,
  GENERATION_FAILED_CODE,
  MANUAL_LIMITS,
  type ManualGenerateOptions,
  type ManualGenerateRequest,
  type ManualGenerateResponse,
  type ManualGenerationResult,
  type ManualHeld,
  PUBLISH_POLICY_TEXT,
  type PublishStatus,
  type QualityReport,
  type QualityRule,
  type SecureGenerateResponse,
  TASK_TYPES,
  WORD_COUNT_LIMITS,
} from '@abp/contracts';
import { QualityGateBlockedError } from '../../domain-errors.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { LlmError } from '../../integrations/llm/index.js';
import type { ArticlePipeline } from '../article-pipeline/article-pipeline.module.js';
import type { ProductionOutcome, PublishPolicy } from '../article-pipeline/article-producer.js';
import { INTERNAL_FAILURE_MESSAGE } from '../article-pipeline/failure-classifier.js';
import type { PlacementCheck } from '../site-inventory/placement-check.js';
import { MANUAL_ORIGIN } from './manual-consumer.js';

// The web client gives up after 150 s: stop a little earlier and say why, rather than leave it guessing.
export const MANUAL_GENERATION_DEADLINE_MS = 140_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The unit's backstop entry is due after the deadline and a margin: by then the request has ended. */
const BACKSTOP_MARGIN_MS = 60_000;
/** POST /api/manual/generate: one article from a topic, saved, then pushed to its site as a draft or a published post. */
export class ManualGenerationService {
  deadlineMs = MANUAL_GENERATION_DEADLINE_MS;

  constructor(
    private readonly pipeline: Pick<ArticlePipeline, 'runNow' | 'units'>,
    /** A reached monthly budget's reason for a site (issue #16): the article is refused with a 409. */
    private readonly budgetBlock?: (siteId: number) => Promise<string | null>,
    /** The site inventory's check of category and author ids (issue #31): an unknown one is a 400. */
    private readonly placementCheck?: PlacementCheck,
    /** A 409 naming the budget when the article's estimate would cross one and is not confirmed (issue #37). */
    private readonly budgetConfirm?: (
      request: { articles: number; word_count: number; site_id: number },
      confirmed: boolean | undefined,
    ) => Promise<void>,
  ) {}

  taskTypes(): string[] {
    return [...TASK_TYPES];
  }

  async generate(request: ManualGenerateRequest): Promise<ManualGenerateResponse | SecureGenerateResponse> {
    // The flat settings without `options` are the secure variant's request (also when it sends none of them).
    const secureVariant = request.options === undefined;
    const options = settingsOf(request);
    const selectedImagePng = options.selectedImageDataUrl ? decodePng(options.selectedImageDataUrl) : undefined;
    await this.placementCheck?.(
      request.site_id,
      { categoryIds: options.categoryIds ?? [], authorId: options.authorId ?? null },
      { categoryIds: 'options.categoryIds', authorId: 'options.authorId' },
    );
    const overBudget = await this.budgetBlock?.(request.site_id);
    if (overBudget) throw conflict(overBudget);
    await this.budgetConfirm?.(
      { articles: 1, word_count: options.wordCount, site_id: request.site_id },
      request.confirm_budget,
    );

    const deadline = new AbortController();
    const seconds = Math.round(this.deadlineMs / 1000);
    const timer = setTimeout(
      () =>
        deadline.abort(
          new LlmError(
            'timeout',
            `The article took longer than ${seconds} seconds, the limit for one article from this screen. Use a bulk job or a shorter word count.`,
            { retryable: false },
          ),
        ),
      this.deadlineMs,
    );
    // The operator is watching: a quality-gate objection is reported, not overridden.
    const policy: PublishPolicy = {
      publish: true,
      onQualityGate: 'refuse',
      ...(options.publishStatus === 'publish' ? { status: 'published' } : {}),
      // The request's own publishing policy (issue #33); absent: the site's, resolved by the pipeline.
      ...(request.publish_policy
        ? {
            editorial: {
              mode: request.publish_policy.mode,
              delayHours: request.publish_policy.mode === 'delay' ? (request.publish_policy.delay_hours ?? null) : null,
            },
          }
        : {}),
    };
    const unit = {
      originKey: `${MANUAL_ORIGIN}:${await this.pipeline.units.nextRequestNumber()}`,
      brief: {
        siteId: request.site_id,
        topic: request.topic,
        taskType: request.task_type,
        persona: options.persona,
        wordCount: options.wordCount,
        includeImages: options.includeImages,
        ...(options.categoryIds?.length || options.authorId
          ? { wordpress: { categoryIds: options.categoryIds ?? [], authorId: options.authorId ?? null } }
          : {}),
        origin: MANUAL_ORIGIN,
      } as const,
      policy,
    };
    // The uploaded image goes with this run only; should the process die, the backstop writes the article with a generated one.
    const end = await this.pipeline
      .runNow(
        unit,
        { deadline: deadline.signal, ...(selectedImagePng ? { extras: { selectedImagePng } } : {}) },
        this.deadlineMs + BACKSTOP_MARGIN_MS,
      )
      .finally(() => clearTimeout(timer));
    // The budget was reached between the check above and the run: the unit was not started.
    if (end.status === 'finished' && end.end.result === 'skipped') throw conflict(end.end.reason);
    if (end.status !== 'finished' || !end.outcome)
      throw new Error(`The manual article ${unit.originKey} did not finish in its request (${end.status})`);
    const outcome = end.outcome;

    if (outcome.stage === 'generation') {
      const result = outcome.generated;
      if (!result) throw outcome.error; // refused before anything was stored: invalid input, the site
      // The failed article is stored; the operator reads the classified reason (a 4xx keeps it visible).
      throw new AppError(
        GENERATION_FAILED_CODE,
        result.error ?? 'The article could not be generated',
        422,
        {
          article_id: result.articleId,
          kind: result.errorKind ?? 'unknown',
          attempts: result.attempts,
          refusal_matches: result.refusal_matches,
        },
        result.retryAfterSeconds,
      );
    }
    const result = outcome.generated!;
    const pushed = pushOutcome(outcome);
    const held =
      outcome.stage === 'publish' && outcome.error instanceof QualityGateBlockedError
        ? heldBy(outcome.error.report)
        : null;
    const data: ManualGenerationResult = {
      title: result.title,
      article_id: result.articleId,
      content: result.content,
      attempts: result.attempts,
      refusal_recovered: result.refusal_recovered,
      refusal_matches: result.refusal_matches,
      word_count: result.wordCount,
      status: pushed.status,
      wordpress_post_id: pushed.postId,
      wordpress_permalink: pushed.permalink,
      publish_error: pushed.error,
      held,
      review:
        outcome.stage === 'held'
          ? { reason: outcome.reason, release_at: outcome.releaseAt?.toISOString() ?? null }
          : null,
      offline: result.offline,
    };
    if (!secureVariant) return { data };
    if (outcome.stage === 'held')
      return {
        success: true,
        message: `Article "${result.title}" generated. ${
          outcome.releaseAt ? PUBLISH_POLICY_TEXT.delayedLog(outcome.releaseAt.toISOString()) : PUBLISH_POLICY_TEXT.held
        }`,
        article_id: result.articleId,
        title: result.title,
      };
    // Held back is no success: the screen must not say the article went out (issue #31).
    if (held)
      return {
        success: false,
        message: `Article "${result.title}" was saved as a draft but held back, not published: ${held.reason}`,
        article_id: result.articleId,
        title: result.title,
        held,
      };
    const where = pushed.error
      ? `saved as a draft, but not pushed to WordPress: ${pushed.error}`
      : pushed.status === 'published'
        ? 'published to WordPress'
        : 'pushed to WordPress as a draft';
    return {
      success: true,
      message: `Article "${result.title}" generated and ${where}`,
      article_id: result.articleId,
      title: result.title,
    };
  }
}

/** Duplicate findings first: the post already there is what the operator needs to see. */
const HELD_RULES_FIRST: readonly QualityRule[] = ['already_on_site', 'near_duplicate', 'cross_site_duplicate'];

/** What held the publish back: the blocking finding to show (a duplicate one first), the reasons, the post already there. */
function heldBy(report: QualityReport): ManualHeld {
  const blocking = report.issues.filter((issue) => issue.severity === 'severe');
  const first =
    HELD_RULES_FIRST.map((rule) => blocking.find((issue) => issue.rule === rule)).find(Boolean) ?? blocking[0];
  return {
    rule: first?.rule ?? null,
    reason: blocking.map((issue) => issue.message).join(' ') || report.message,
    existing_post: first?.existing_post ?? null,
  };
}

/** Publishing owns the article's status: 'published' only once WordPress has the post; a failed push leaves the draft. */
function pushOutcome(outcome: Exclude<ProductionOutcome, { stage: 'generation' }>): {
  status: string;
  postId: number | null;
  permalink: string | null;
  error: string | null;
} {
  if (outcome.stage === 'published') {
    return {
      status: outcome.post.article_status,
      postId: outcome.post.wordpress_post_id,
      permalink: outcome.post.wordpress_permalink,
      error: null,
    };
  }
  // Kept back by the publishing policy: a draft, maybe with a preview post on WordPress; no error.
  if (outcome.stage === 'held') {
    const draft = outcome.draft && 'post' in outcome.draft ? outcome.draft.post : null;
    return {
      status: 'draft',
      postId: draft?.wordpress_post_id ?? null,
      permalink: draft?.wordpress_permalink ?? null,
      error: null,
    };
  }
  const message = outcome.stage === 'publish' ? outcome.decision.message : INTERNAL_FAILURE_MESSAGE;
  return {
    status: 'draft',
    postId: null,
    permalink: null,
    error:
      message === INTERNAL_FAILURE_MESSAGE
        ? 'Publishing to WordPress failed unexpectedly; publish it again from Articles.'
        : message,
  };
}

type ManualSettings = Omit<ManualGenerateOptions, 'includeImages' | 'publishStatus' | 'wordCount'> & {
  includeImages: boolean;
  publishStatus: PublishStatus;
  wordCount: number;
};

/**
 * The request's settings: each of includeImages, publishStatus and wordCount from `options`, else
 * from the top level, else its default (the contract refuses the two places disagreeing).
 */
function settingsOf(request: ManualGenerateRequest): ManualSettings {
  const options = request.options ?? { maxArticles: MANUAL_LIMITS.maxArticles.default, persona: '' };
  return {
    ...options,
    includeImages: options.includeImages ?? request.includeImages ?? true,
    publishStatus: options.publishStatus ?? request.publishStatus ?? DEFAULT_PUBLISH_STATUS,
    wordCount: options.wordCount ?? request.wordCount ?? WORD_COUNT_LIMITS.manual.default,
  };
}

function decodePng(dataUrl: string): Buffer {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1).replace(/\s+/g, ''), 'base64');
  if (png.length < PNG_SIGNATURE.length + 16 || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw badRequest('options.selectedImageDataUrl', 'is not a PNG image');
  }
  return png;
}
