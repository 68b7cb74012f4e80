import type { SeoArticle } from '@abp/contracts';
import type { ProjectArticle } from './seo-articles.repository.js';

export function toSeoArticleDto(row: ProjectArticle): SeoArticle {
  return {
    id: row.id,
    project_id: row.projectId,
    article_id: row.articleId,
    title: row.title,
    article_type: row.articleType,
    content_type: row.contentType,
    pillar_parent: row.pillarParent,
    target_keywords: row.targetKeywords,
    h2_headings: row.h2Headings,
    generation_status: row.generationStatus,
    status: row.generationStatus === 'generated' && row.article ? row.article.status : row.generationStatus,
    error: row.error,
    meta_description: row.metaDescription,
    has_schema_markup: row.schemaMarkup !== null,
    internal_links: row.internalLinks,
    word_count: row.article?.wordCount ?? 0,
    demo: row.article?.writtenOffline ?? false,
    wordpress_post_id: row.article?.wordpressPostId ?? null,
    wordpress_permalink: row.article?.wordpressPermalink ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
