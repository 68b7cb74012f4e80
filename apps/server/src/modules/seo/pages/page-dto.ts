import type { SeoPage } from '@abp/contracts';
import type { SeoPageRow } from './pages.repository.js';

export function toPageDto(row: SeoPageRow): SeoPage {
  return {
    id: row.id,
    project_id: row.projectId,
    page_title: row.pageTitle,
    page_type: row.pageType,
    slug: row.slug,
    meta_description: row.metaDescription,
    target_keywords: row.targetKeywords,
    content: row.content,
    status: row.status,
    origin: row.origin,
    needs_legal_review: row.needsLegalReview,
    changed_since_publish: row.changedSincePublish,
    wordpress_page_id: row.wordpressPageId,
    wordpress_permalink: row.wordpressPermalink,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
