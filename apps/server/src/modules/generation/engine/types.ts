import type { GenerationLog, GenerationMethod, TaskType } from '@abp/contracts';
import type { FeaturedImage } from '../../../integrations/images/index.js';
import type { LlmErrorKind } from '../../../integrations/llm/index.js';
import type { TitleInUse } from './distinct-title.js';

export interface ArticleSources {
  /** News articles the topic came from (trend monitor). */
  newsUrls?: string[];
  /** Pages used to ground facts. */
  groundingSources?: string[];
  /** Extracted text of those sources, passed to the model as reference material. */
  notes?: string;
}

export interface ArticleRequest {
  topic: string;
  taskType?: TaskType;
  /** Empty → neutral voice; a known persona value → its voice; other text → used as the voice. */
  persona?: string | null;
  /** 500 to 50,000; the result lands within ±15%. */
  wordCount: number;
  keywords?: string[];
  /** The article's H2 headings, in order (an SEO plan's): they replace the planned outline's sections. */
  headings?: readonly string[];
  sources?: ArticleSources;
  includeImages?: boolean;
  /** Shown on the title card. */
  siteName?: string;
  /** Posts of the site to link to, placed by a model in the sections' sentences (see ArticleBrief.siteLinks). */
  siteLinks?: ReadonlyArray<{ title: string; url: string }>;
  method?: GenerationMethod;
  signal?: AbortSignal;
  /**
   * Titles already used on the site that the article's title must differ from (case and
   * punctuation ignored), newest first: real models are shown them, the offline writer picks
   * another of its titles.
   */
  avoidTitles?: readonly string[];
  /** The final check of the planned title against the whole site, for collisions the list did not foresee. */
  isTitleInUse?: TitleInUse;
}

export interface GeneratedArticle {
  title: string;
  /** Sanitised HTML, without the title. */
  content: string;
  metaDescription: string;
  keywords: string[];
  /** The post's tags: the caller's keywords and the model's own keyword list as whole phrases (never fragments of the topic). */
  tags: string[];
  taskType: TaskType;
  wordCount: number;
  /** The most attempts any step needed (1 when nothing was refused). */
  attempts: number;
  refusal_recovered: boolean;
  refusal_matches: string[];
  /** Sentences with AI-tell phrases the model rewrote (issue #33); absent when none. */
  aiTellsRewritten?: number;
  featuredImage?: FeaturedImage;
  provider: { id: string; model: string; offline: boolean };
  log: GenerationLog;
}

export type GenerationFailureKind = LlmErrorKind | 'invalid_request' | 'refused' | 'incomplete' | 'internal';

/** Thrown when no article could be produced; carries the failed Generation log for storing with the article. */
export class ArticleGenerationError extends Error {
  constructor(
    readonly kind: GenerationFailureKind,
    message: string,
    readonly log: GenerationLog,
    readonly refusal: { attempts: number; refusal_recovered: boolean; refusal_matches: string[] },
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ArticleGenerationError';
  }
}
