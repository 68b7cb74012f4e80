import type { ArticleProducer } from '../article-pipeline/article-producer.js';

/*
 * What a bulk job needs from the other modules, written as the narrow interfaces it calls. The
 * container passes the real services (the article producer, generation, articles, sites).
 */

export interface BulkGeneration {
  /** True when articles are computed on this thread (the offline writer): items then run one at a time. */
  writesOnThisThread?(): Promise<boolean>;
}

/** The article pipeline's one producer (article-pipeline/article-producer.ts). */
export type BulkProducer = Pick<ArticleProducer, 'produce'>;

export interface BulkArticles {
  /** Drops the stored failure of an attempt that will be tried again. */
  delete(id: number): Promise<unknown>;
}

export interface BulkSites {
  requireActiveSite(siteId: number): Promise<{ id: number; name: string }>;
}
