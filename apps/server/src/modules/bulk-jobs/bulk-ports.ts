import type { TaskType } from '@abp/contracts';

/*
 * What a bulk job needs from the other modules, written as the narrow interfaces it calls. The
 * container passes the real services (generation, publishing, articles, sites); tests may pass
 * their own to hold an item at a chosen point.
 */

export interface GenerateAndStoreInput {
  siteId: number;
  topic: string;
  taskType: TaskType;
  persona: string;
  wordCount: number;
  includeImages: boolean;
  origin: 'bulk';
  /** The unit of work: an article stored under it by a run that died is returned, not written again. */
  originKey?: string;
  signal?: AbortSignal;
}

export interface GenerateAndStoreResult {
  articleId: number;
  title: string;
  attempts: number;
  refusal_recovered: boolean;
  refusal_matches: string[];
  status: 'draft' | 'failed';
  error?: string;
  /** Why a failed generation failed (an LlmErrorKind such as 'rate_limit', or the engine's own kinds). */
  errorKind?: string;
  /** Seconds the provider asked us to wait, with a rate limit. */
  retryAfterSeconds?: number;
}

export interface BulkGeneration {
  generateAndStore(input: GenerateAndStoreInput): Promise<GenerateAndStoreResult>;
  /** True when articles are computed on this thread (the offline writer): items then run one at a time. */
  writesOnThisThread?(): Promise<boolean>;
}

export interface BulkPublishing {
  publishArticle(articleId: number, options?: { force?: boolean; status?: 'published' }): Promise<{ wordpress_post_id: number; wordpress_permalink: string | null }>;
}

export interface BulkArticles {
  /** Drops the stored failure of an attempt that will be tried again. */
  delete(id: number): Promise<unknown>;
}

export interface BulkSites {
  requireActiveSite(siteId: number): Promise<{ id: number; name: string }>;
}
