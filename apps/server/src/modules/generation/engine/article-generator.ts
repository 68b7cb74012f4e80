import { DEFAULT_TASK_TYPE, TASK_TYPES, WORD_COUNT_LIMITS, WORD_COUNT_TOLERANCE } from '@abp/contracts';
import { type FeaturedImage, type ImageProvider, TitleCardImageProvider } from '../../../integrations/images/index.js';
import {
  type ArticleOutline,
  deriveKeywords,
  isLlmError,
  type LanguageModelProvider,
  requiredRoles,
} from '../../../integrations/llm/index.js';
import { countWords } from '../../../lib/html/html-text.js';
import { sanitizeArticleHtml } from '../../../lib/html/sanitize-article-html.js';
import { escapeHtmlText } from '../../../lib/plain-text.js';
import { tagPhrases } from '../../../lib/text/tag-phrases.js';
import { rewriteAiTells } from './ai-tell-rewrite.js';
import { mapWithConcurrency } from './concurrency.js';
import { distinctTitle } from './distinct-title.js';
import { GenerationLogBuilder } from './generation-log.js';
import {
  AIM_HIGH,
  AIM_LOW,
  type DraftSection,
  hasHeading,
  planExtensions,
  sectionBudgets,
  totalWords,
  trimToTarget,
} from './length-fitting.js';
import { planOutline, type StepContext, writeSection } from './model-steps.js';
import { followHeadings } from './outline-planner.js';
import { resolveVoice } from './personas.js';
import { systemPrompt } from './prompts.js';
import { RefusalNotRecoveredError, RefusalTally } from './recovering-step.js';
import { ArticleGenerationError, type ArticleRequest, type GeneratedArticle } from './types.js';

export interface ArticleGeneratorOptions {
  provider: LanguageModelProvider;
  /** Defaults to the local title card. */
  imageProvider?: ImageProvider;
  /** Sections of one article written at once; the provider's own limit still applies across articles. */
  sectionConcurrency?: number;
  /** Attempts per step when the model refuses or hedges (the first included). */
  maxRefusalAttempts?: number;
  now?: () => number;
}

/** Provider errors that no other section would escape: stop the whole article at once. */
const isFatal = (error: unknown) =>
  isLlmError(error) &&
  (error.kind === 'auth' ||
    error.kind === 'bad_request' ||
    error.kind === 'aborted' ||
    (error.kind === 'rate_limit' && !error.retryable));

class IncompleteArticleError extends Error {}

/** The content generation engine: topic in, finished and sanitised article (with its Generation log) out. */
export class ArticleGenerator {
  private readonly imageProvider: ImageProvider;
  private readonly sectionConcurrency: number;
  private readonly maxAttempts: number;
  private readonly now: () => number;

  constructor(private readonly options: ArticleGeneratorOptions) {
    this.imageProvider = options.imageProvider ?? new TitleCardImageProvider();
    this.sectionConcurrency = options.sectionConcurrency ?? 4;
    this.maxAttempts = options.maxRefusalAttempts ?? 3;
    this.now = options.now ?? (() => performance.now());
  }

  get provider(): LanguageModelProvider {
    return this.options.provider;
  }

  async generate(request: ArticleRequest): Promise<GeneratedArticle> {
    const provider = this.options.provider;
    const sources = {
      newsUrls: request.sources?.newsUrls ?? [],
      groundingSources: request.sources?.groundingSources ?? [],
    };
    const log = new GenerationLogBuilder(request.method ?? 'manual', sources, this.now, !provider.isOffline);
    const tally = new RefusalTally();
    const refusal = () => ({
      attempts: tally.attempts,
      refusal_recovered: tally.recovered,
      refusal_matches: [...tally.matches],
    });
    const fail = (kind: ArticleGenerationError['kind'], message: string, cause?: unknown) => {
      log.error(message);
      return new ArticleGenerationError(kind, message, log.finish('failed', 0), refusal(), { cause });
    };

    const topic = request.topic.trim();
    const taskType = request.taskType ?? DEFAULT_TASK_TYPE;
    const { min, max } = WORD_COUNT_LIMITS.config;
    if (!topic || topic.length > 500) throw fail('invalid_request', 'topic: must be between 1 and 500 characters');
    if (!TASK_TYPES.includes(taskType))
      throw fail('invalid_request', `task_type: unknown task type "${String(taskType)}"`);
    if (!Number.isInteger(request.wordCount) || request.wordCount < min || request.wordCount > max) {
      throw fail('invalid_request', `wordCount: must be a whole number from ${min} to ${max}`);
    }

    // One controller for the article: a fatal error in one section cancels its siblings.
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(request.signal?.reason);
    if (request.signal?.aborted) forwardAbort();
    request.signal?.addEventListener('abort', forwardAbort, { once: true });
    const { voice } = resolveVoice(request.persona);
    const context: StepContext = {
      provider,
      brief: {
        topic,
        taskType,
        voice,
        keywords: deriveKeywords(topic, request.keywords ?? []),
        ...(request.avoidTitles?.length ? { avoidTitles: request.avoidTitles } : {}),
        ...(request.siteName ? { siteName: request.siteName } : {}),
        ...(request.siteLinks?.length ? { siteLinks: request.siteLinks } : {}),
      },
      references: { urls: [...sources.newsUrls, ...sources.groundingSources], notes: request.sources?.notes ?? '' },
      system: systemPrompt(voice),
      log,
      tally,
      maxAttempts: this.maxAttempts,
      now: this.now,
      signal: controller.signal,
    };
    try {
      const planned = followHeadings(await planOutline(context, request.wordCount), request.headings);
      const outline = { ...planned, title: await distinctTitle(context, planned, request.isTitleInUse) };
      const drafts = await this.writeSections(context, outline, request.wordCount, controller);
      await this.fitLength(context, outline, drafts, request.wordCount);
      const written = sanitizeArticleHtml(
        drafts
          .filter((d) => !d.failed)
          .map((d) =>
            hasHeading(d.section, d.index) ? `<h2>${escapeHtmlText(d.section.heading)}</h2>\n${d.html}` : d.html,
          )
          .join('\n'),
      );
      // Stock phrases that read as machine-written: one rewrite of their sentences, before the report is made.
      const { html: content, rewritten: aiTellsRewritten } = await rewriteAiTells(context, written);
      const wordCount = countWords(content);
      if (Math.abs(wordCount / request.wordCount - 1) > WORD_COUNT_TOLERANCE) {
        log.warn(`The article has ${wordCount} words; ${request.wordCount} were requested.`);
      }
      const featuredImage = request.includeImages
        ? await this.featuredImage(context, outline, request.siteName)
        : undefined;
      return {
        title: outline.title,
        content,
        metaDescription: outline.metaDescription,
        keywords: outline.keywords,
        tags: tagsOf(request.keywords ?? [], context.brief.keywords, outline.keywords),
        taskType,
        wordCount,
        ...refusal(),
        ...(aiTellsRewritten > 0 ? { aiTellsRewritten } : {}),
        ...(featuredImage ? { featuredImage } : {}),
        provider: { id: provider.providerId, model: provider.model, offline: provider.isOffline },
        log: log.finish('completed', wordCount),
      };
    } catch (error) {
      if (error instanceof ArticleGenerationError) throw error;
      const kind =
        error instanceof IncompleteArticleError
          ? 'incomplete'
          : error instanceof RefusalNotRecoveredError
            ? 'refused'
            : isLlmError(error)
              ? error.kind
              : 'internal';
      throw fail(kind, error instanceof Error ? error.message : String(error), error);
    } finally {
      request.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  private async writeSections(
    context: StepContext,
    outline: ArticleOutline,
    wordCount: number,
    controller: AbortController,
  ): Promise<DraftSection[]> {
    const budgets = sectionBudgets(outline.sections, wordCount);
    const drafts: DraftSection[] = outline.sections.map((section, index) => ({
      section,
      index,
      budget: budgets[index] ?? 100,
      html: '',
      failed: false,
    }));
    await mapWithConcurrency(
      drafts,
      this.sectionConcurrency,
      async (draft) => {
        try {
          draft.html = await writeSection(context, outline, draft, 'write', draft.budget);
        } catch (error) {
          if (isFatal(error)) {
            controller.abort(error);
            throw error;
          }
          draft.failed = true;
          context.log.error(
            `Section "${draft.section.heading}" was left out: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
      controller.signal,
    );
    if (controller.signal.aborted) throw controller.signal.reason;
    const failed = drafts.filter((d) => d.failed);
    const required = new Set(requiredRoles(context.brief.taskType));
    const missingRequired = failed.find((d) => required.has(d.section.role));
    if (missingRequired)
      throw new IncompleteArticleError(
        `The required section "${missingRequired.section.heading}" could not be written`,
      );
    // A few missing sections are made up by extension; more would leave a different article.
    if (failed.length > Math.max(1, Math.floor(drafts.length * 0.2))) {
      throw new IncompleteArticleError(`${failed.length} of ${drafts.length} sections could not be written`);
    }
    return drafts;
  }

  /** Extends what fell short and trims what overshot, a few rounds at most, then leaves the rest to the log. */
  private async fitLength(
    context: StepContext,
    outline: ArticleOutline,
    drafts: DraftSection[],
    target: number,
  ): Promise<void> {
    for (let round = 0; round < 3; round++) {
      const total = totalWords(drafts);
      if (total > target * AIM_HIGH) {
        const started = this.now();
        trimToTarget(drafts, target);
        context.log.record('trim to length', 'success', this.now() - started);
      } else if (total < target * AIM_LOW) {
        await this.extend(context, outline, drafts, target - total);
      } else {
        return;
      }
    }
  }

  private async extend(
    context: StepContext,
    outline: ArticleOutline,
    drafts: DraftSection[],
    shortfall: number,
  ): Promise<void> {
    await mapWithConcurrency(
      planExtensions(drafts, shortfall),
      this.sectionConcurrency,
      async ({ draft, words }) => {
        try {
          draft.html = `${draft.html}\n${await writeSection(context, outline, draft, 'extend', words)}`;
        } catch (error) {
          if (isFatal(error)) throw error;
          context.log.warn(
            `Section "${draft.section.heading}" could not be extended: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
      context.signal,
    );
  }

  private async featuredImage(
    context: StepContext,
    outline: ArticleOutline,
    siteName: string | undefined,
  ): Promise<FeaturedImage | undefined> {
    try {
      const image = await context.log.step(`featured image (${this.imageProvider.id})`, () =>
        this.imageProvider.createFeaturedImage({
          title: outline.title,
          topic: context.brief.topic,
          taskType: context.brief.taskType,
          keywords: outline.keywords,
          siteName,
          signal: context.signal,
        }),
      );
      // E.g. a remote provider failed and the title card stands in: the log says why.
      for (const warning of image.warnings ?? []) context.log.warn(warning);
      return image;
    } catch (error) {
      // An article without an image is still worth publishing.
      context.log.warn(`No featured image: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}

/**
 * Tags are whole phrases: the caller's keywords (an SEO plan's target keywords) and the ones the
 * model listed. The phrases derived from the topic for the prompt ("blight garden" from a topic
 * about garden blight) are fragments, and the offline writer's keywords are only those.
 */
function tagsOf(
  given: readonly string[],
  briefKeywords: readonly string[],
  outlineKeywords: readonly string[],
): string[] {
  const derived = new Set(briefKeywords);
  return tagPhrases([...given, ...outlineKeywords.filter((keyword) => !derived.has(keyword))]);
}
