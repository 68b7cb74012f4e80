/*
 * What the scheduler needs from other modules, named by the interfaces of the shared services
 * (services.generation.generateAndStore, services.publishing.publishArticle). Narrow on purpose:
 * tests pass the real services, and nothing else of theirs leaks in here.
 */

export type GenerationOrigin = 'manual' | 'bulk' | 'schedule' | 'trend' | 'seo';

export interface GenerateAndStoreInput {
  siteId: number;
  topic: string;
  taskType: string;
  persona: string;
  wordCount: number;
  includeImages: boolean;
  keywords?: string[];
  origin: GenerationOrigin;
  /** The unit of work: an article stored under it by a run that died is returned, not written again. */
  originKey?: string;
  signal?: AbortSignal;
}

export interface GenerateAndStoreResult {
  articleId: number;
  title: string;
  status: 'draft' | 'failed';
  error?: string;
}

/** Generates an article and stores it (a failed generation is stored as a 'failed' article). */
export interface ArticleGenerationPort {
  generateAndStore(input: GenerateAndStoreInput): Promise<GenerateAndStoreResult>;
}

/** The one idempotent publish: creates or updates the article's WordPress post. */
export interface ArticlePublishingPort {
  publishArticle(articleId: number, options?: { force?: boolean; siteId?: number | null; status?: 'draft' | 'published' }): Promise<unknown>;
}
