import {
  DEFAULT_PUBLISH_STATUS,
  GENERATION_FAILED_CODE,
  MANUAL_LIMITS,
  TASK_TYPES,
  WORD_COUNT_LIMITS,
  type ArticlePublishResult,
  type ManualGenerateOptions,
  type ManualGenerateRequest,
  type ManualGenerateResponse,
  type ManualGenerationResult,
  type SecureGenerateResponse,
} from '@abp/contracts';
import { AppError, badRequest } from '../../errors.js';
import { classifyThrown, INTERNAL_FAILURE_MESSAGE } from '../article-pipeline/failure-classifier.js';
import type { PublishableStatus } from '../publishing/publishing.service.js';
import { LlmError } from '../../integrations/llm/index.js';
import type { GenerationService } from './generation.service.js';

/** The publishing module's one entry point (services.publishing). */
export interface ArticlePublisher {
  publishArticle(articleId: number, options?: { status?: PublishableStatus; force?: boolean }): Promise<ArticlePublishResult>;
}

// The web client gives up after 150 s: stop a little earlier and say why, rather than leave it guessing.
export const MANUAL_GENERATION_DEADLINE_MS = 140_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** POST /api/manual/generate: one article from a topic, saved, then pushed to its site as a draft or a published post. */
export class ManualGenerationService {
  deadlineMs = MANUAL_GENERATION_DEADLINE_MS;

  constructor(
    private readonly generation: GenerationService,
    private readonly publisher: ArticlePublisher,
  ) {}

  taskTypes(): string[] {
    return [...TASK_TYPES];
  }

  async generate(request: ManualGenerateRequest): Promise<ManualGenerateResponse | SecureGenerateResponse> {
    const secureVariant = request.options === undefined && (request.includeImages !== undefined || request.publishStatus !== undefined || request.wordCount !== undefined);
    const options = optionsOf(request);
    const selectedImagePng = options.selectedImageDataUrl ? decodePng(options.selectedImageDataUrl) : undefined;

    const deadline = new AbortController();
    const seconds = Math.round(this.deadlineMs / 1000);
    const timer = setTimeout(
      () => deadline.abort(new LlmError('timeout', `The article took longer than ${seconds} seconds, the limit for one article from this screen. Use a bulk job or a shorter word count.`, { retryable: false })),
      this.deadlineMs,
    );
    const result = await this.generation
      .generateAndStore({
        siteId: request.site_id,
        topic: request.topic,
        taskType: request.task_type,
        persona: options.persona,
        wordCount: options.wordCount,
        includeImages: options.includeImages,
        ...(selectedImagePng ? { selectedImagePng } : {}),
        origin: 'manual',
        signal: deadline.signal,
      })
      .finally(() => clearTimeout(timer));

    if (result.status === 'failed') {
      // The failed article is stored; the operator reads the classified reason (a 4xx keeps it visible).
      throw new AppError(
        GENERATION_FAILED_CODE,
        result.error ?? 'The article could not be generated',
        422,
        { article_id: result.articleId, kind: result.errorKind ?? 'unknown', attempts: result.attempts, refusal_matches: result.refusal_matches },
        result.retryAfterSeconds,
      );
    }

    const pushed = await this.push(result.articleId, options.publishStatus);
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
      offline: result.offline,
    };
    if (!secureVariant) return { data };
    const where = pushed.error ? `saved as a draft, but not pushed to WordPress: ${pushed.error}` : pushed.status === 'published' ? 'published to WordPress' : 'pushed to WordPress as a draft';
    return { success: true, message: `Article "${result.title}" generated and ${where}`, article_id: result.articleId, title: result.title };
  }

  /**
   * Publishing owns the article's status: it becomes 'published' only once WordPress has the post,
   * and a failed push leaves the draft as it is. The quality gate's objection is reported, not overridden.
   */
  private async push(articleId: number, publishStatus: ManualGenerateOptions['publishStatus']): Promise<{ status: string; postId: number | null; permalink: string | null; error: string | null }> {
    try {
      const outcome = await this.publisher.publishArticle(articleId, publishStatus === 'publish' ? { status: 'published' } : {});
      return { status: outcome.article_status, postId: outcome.wordpress_post_id, permalink: outcome.wordpress_permalink, error: null };
    } catch (error) {
      const { message } = classifyThrown(error);
      return { status: 'draft', postId: null, permalink: null, error: message === INTERNAL_FAILURE_MESSAGE ? 'Publishing to WordPress failed unexpectedly; publish it again from Articles.' : message };
    }
  }
}

function optionsOf(request: ManualGenerateRequest): ManualGenerateOptions {
  if (request.options) return request.options;
  return {
    includeImages: request.includeImages ?? true,
    publishStatus: request.publishStatus ?? DEFAULT_PUBLISH_STATUS,
    wordCount: request.wordCount ?? WORD_COUNT_LIMITS.manual.default,
    maxArticles: MANUAL_LIMITS.maxArticles.default,
    persona: '',
  };
}

function decodePng(dataUrl: string): Buffer {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1).replace(/\s+/g, ''), 'base64');
  if (png.length < PNG_SIGNATURE.length + 16 || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw badRequest('options.selectedImageDataUrl', 'is not a PNG image');
  }
  return png;
}
