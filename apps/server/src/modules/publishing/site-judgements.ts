/**
 * What publishing asks of site knowledge (issue #32), given in its constructor (container.ts), so
 * publishing imports no other module for it: the post that already covers an article's subject on
 * any of the operator's sites, and the category whose posts are nearest an article.
 */
export interface PublishSiteJudgements {
  coveringPost(
    siteId: number,
    article: { title: string; html: string; keywords: readonly string[]; excludeKeys: readonly string[] },
  ): Promise<{ siteId: number; siteName: string; title: string; link: string } | null>;
  bestCategory(siteId: number, article: { title: string; html: string }): Promise<{ categoryId: number | null }>;
}
