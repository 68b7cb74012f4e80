import type { BulkArticleItem, OutlineData } from '@abp/contracts';

/** Every article of the outline as generate-articles-bulk expects it: pillars, then clusters. */
export function articleItems(outline: OutlineData): BulkArticleItem[] {
  return [
    ...outline.pillar_posts.map((p) => ({
      title: p.title,
      target_keywords: p.target_keywords,
      h2_headings: p.h2_headings,
      content_type: 'pillar',
      pillar_parent: '',
    })),
    ...outline.cluster_posts.map((c) => ({
      title: c.title,
      target_keywords: c.target_keywords,
      h2_headings: c.h2_headings,
      content_type: c.content_type || 'cluster',
      pillar_parent: c.pillar_parent,
    })),
  ];
}

/** '... and N more' below a preview of the first `shown`. */
export function moreNote(total: number, shown: number): string | null {
  return total > shown ? `... and ${total - shown} more` : null;
}
