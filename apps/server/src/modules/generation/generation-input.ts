import { type GenerationMethod, MAX_ID, TASK_TYPES, type TaskType, WORD_COUNT_LIMITS } from '@abp/contracts';
import { ARTICLE_ORIGINS } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { toPlainText } from '../../lib/plain-text.js';

export type ArticleOrigin = (typeof ARTICLE_ORIGINS)[number];

export interface TrendSourceInput {
  topic: string;
  description?: string | null;
  publishedDate?: string | Date | null;
  trendUrl?: string | null;
}

/** What every generating feature (manual, bulk, scheduler, trends, SEO) hands to generateAndStore. */
export interface GenerateAndStoreInput {
  siteId: number;
  topic: string;
  taskType: TaskType | string;
  /** Empty → neutral voice; a known persona value; or free text used as the voice. */
  persona?: string | null;
  /** 500–50,000 (the manual screens allow up to 5,000 and check that themselves). */
  wordCount: number;
  includeImages: boolean;
  keywords?: string[];
  /** The H2 headings the article must have, in this order (an SEO plan's); the writer plans its own otherwise. */
  headings?: string[];
  sources?: {
    newsUrls?: string[];
    trendSources?: TrendSourceInput[];
    /** Pages used to ground facts, and their extracted text for the model. */
    groundingSources?: string[];
    notes?: string;
  };
  /** WordPress categories and author chosen for this article; without them its site's blog configuration decides at publish. */
  wordpress?: { categoryIds: number[]; authorId: number | null };
  /** The model providers to write with, in order ('main', fallback ids): a blog configuration's own list; absent: the default chain. */
  providers?: string[];
  /** A PNG chosen by the operator; used instead of the generated title card when includeImages is set. */
  selectedImagePng?: Buffer;
  origin: ArticleOrigin;
  /**
   * Names the unit of work (a bulk item, a schedule slot, an SEO plan entry). When an article
   * stored under this key is still there (its run died before recording it), it is returned
   * instead of writing another one.
   */
  originKey?: string;
  signal?: AbortSignal;
}

export interface GenerateAndStoreResult {
  articleId: number;
  title: string;
  content: string;
  attempts: number;
  refusal_recovered: boolean;
  refusal_matches: string[];
  status: 'draft' | 'failed';
  /** Why the generation failed (stored as the article's failure_reason). */
  error?: string;
  /** The failure's class: auth, rate_limit, timeout, refused, incomplete, … */
  errorKind?: string;
  /** Seconds the provider asked to wait (rate limits), when it said so. */
  retryAfterSeconds?: number;
  wordCount: number;
  /** True when the built-in offline writer produced (or would have produced) the article. */
  offline: boolean;
  /** True when an earlier run's article under the same originKey was returned, nothing written. */
  reused?: boolean;
}

export interface ValidGenerationInput
  extends Omit<GenerateAndStoreInput, 'taskType' | 'persona' | 'keywords' | 'topic'> {
  topic: string;
  taskType: TaskType;
  persona: string;
  keywords: string[];
  method: GenerationMethod;
}

const MAX_TOPIC = 500;
const MAX_PERSONA = 500;
const MAX_KEYWORDS = 30;

const METHOD_OF_ORIGIN: Record<ArticleOrigin, GenerationMethod> = {
  manual: 'manual',
  bulk: 'bulk',
  schedule: 'scheduled',
  trend: 'trend',
  seo: 'seo',
  agent: 'agent',
};

/** Programmer-facing checks for every caller; each failure is a 400 naming the field. */
export function validateGenerationInput(input: GenerateAndStoreInput): ValidGenerationInput {
  if (!Number.isInteger(input.siteId) || input.siteId <= 0 || input.siteId > MAX_ID)
    throw badRequest('site_id', 'must be a positive integer');
  // Every feature's topic (typed, a trend title, an SEO plan title) becomes the article's title:
  // it is plain text from here on ("&lt;b&gt;" is the text "<b>"), escaped wherever it is output.
  const topic = typeof input.topic === 'string' ? toPlainText(input.topic) : '';
  if (!topic) throw badRequest('topic', 'is required');
  if (topic.length > MAX_TOPIC) throw badRequest('topic', `must be at most ${MAX_TOPIC} characters`);
  if (!(TASK_TYPES as readonly string[]).includes(input.taskType))
    throw badRequest(
      'task_type',
      `unknown task type "${String(input.taskType)}"; use one of: ${TASK_TYPES.join(', ')}`,
    );
  const { min, max } = WORD_COUNT_LIMITS.config;
  if (!Number.isInteger(input.wordCount) || input.wordCount < min || input.wordCount > max)
    throw badRequest('word_count', `must be a whole number from ${min} to ${max}`);
  const persona = (input.persona ?? '').trim();
  if (persona.length > MAX_PERSONA) throw badRequest('persona', `must be at most ${MAX_PERSONA} characters`);
  if (!ARTICLE_ORIGINS.includes(input.origin))
    throw badRequest('origin', `must be one of ${ARTICLE_ORIGINS.join(', ')}`);
  if (input.originKey !== undefined && !/^[a-z-]+:\d+$/.test(input.originKey))
    throw badRequest('origin_key', 'must look like "bulk-item:12"');
  const keywords = [...new Set((input.keywords ?? []).map((k) => toPlainText(k)).filter(Boolean))].slice(
    0,
    MAX_KEYWORDS,
  );
  return {
    ...input,
    topic,
    taskType: input.taskType as TaskType,
    persona,
    keywords,
    method: METHOD_OF_ORIGIN[input.origin],
  };
}

/** Trend and news URLs, once each: a non-empty list makes the article a 'Trend' source. */
export function sourceUrlsOf(input: ValidGenerationInput): string[] {
  const urls = [
    ...(input.sources?.newsUrls ?? []),
    ...(input.sources?.trendSources ?? []).map((s) => s.trendUrl ?? ''),
  ];
  return [...new Set(urls.map((u) => u.trim()).filter(Boolean))];
}

export function toDateOrNull(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
