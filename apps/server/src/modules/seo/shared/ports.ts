import type { ArticlePublishResult } from '@abp/contracts';
import type { LanguageModelProvider } from '../../../integrations/llm/index.js';
import type { WordPressClient } from '../../../integrations/wordpress/index.js';

/*
 * What the SEO suite needs from other modules, as narrow interfaces. The container passes the
 * real services; tests may pass their own.
 */

export interface SeoSite {
  id: number;
  name: string;
  url: string;
  isActive: boolean;
}

export interface SeoSites {
  /** 404 when the site does not exist. */
  findOrThrow(siteId: number): Promise<SeoSite>;
  /** 404 unknown, 409 inactive or being deleted. */
  requireActiveSite(siteId: number): Promise<SeoSite>;
  getClientForSite(siteId: number): Promise<WordPressClient>;
}

export interface SeoPublishing {
  publishArticle(
    articleId: number,
    options?: { force?: boolean; status?: 'draft' | 'published' },
  ): Promise<ArticlePublishResult>;
  /** The article's post was deleted from WordPress: publishing puts the article back to draft. */
  forgetPost(articleId: number): Promise<void>;
}

/** The language model in use now (the Settings screen may change it at any time). */
export interface SeoProviders {
  current(): Promise<LanguageModelProvider>;
}
