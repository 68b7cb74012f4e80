import type { ProjectArticle } from '../articles/seo-articles.repository.js';
import { slugify } from '../shared/text.js';

/**
 * Where an article lives: its permalink once published; before that the address WordPress will
 * most likely give it (the slug of its title). Links and schema are refreshed with the real
 * permalinks after publishing.
 */
export function articleUrl(siteUrl: string, item: ProjectArticle): string {
  return item.article?.wordpressPermalink || `${siteUrl.replace(/\/+$/, '')}/${slugify(item.title, 190)}/`;
}

export function pageUrl(
  siteUrl: string,
  page: { slug: string; pageType: string; wordpressPermalink: string | null },
): string {
  if (page.wordpressPermalink) return page.wordpressPermalink;
  const home = `${siteUrl.replace(/\/+$/, '')}/`;
  return page.pageType === 'home' ? home : `${home}${page.slug}/`;
}

/** Written articles only: these have content to optimise. */
export function writtenArticles(
  items: ProjectArticle[],
): (ProjectArticle & { articleId: number; article: NonNullable<ProjectArticle['article']> })[] {
  return items.filter(
    (i): i is ProjectArticle & { articleId: number; article: NonNullable<ProjectArticle['article']> } =>
      i.generationStatus === 'generated' && i.articleId !== null && i.article !== null,
  );
}
