import { htmlSections } from '../../lib/html/html-text.js';
import { webAddress } from '../../lib/html/web-link.js';
import type { SiteKnowledgeService } from '../site-knowledge/site-knowledge.service.js';
import { type LinkablePost, type PlacedLink, placeSiteLinks } from './live-site-links.js';
import type { SiteInventoryRepository } from './site-inventory.repository.js';

/** Links per article into the live site's existing posts. */
export const LIVE_SITE_LINKS_PER_ARTICLE = 3;

const normalise = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Gives a new article links into what its site already has: the posts that fit it best (the
 * site-knowledge index, issue #32) linked on the article's own words. A site never synced gets
 * none. (Whether a site already covers a subject is site knowledge's `coveringPost`.)
 */
export class LiveSiteLinker {
  constructor(
    private readonly repo: Pick<SiteInventoryRepository, 'syncOf' | 'linkablePosts' | 'linksPerArticle'>,
    /** Without a blog configuration for the site. */
    private readonly defaultLinks = LIVE_SITE_LINKS_PER_ARTICLE,
    /** The site-knowledge index: link candidates, and the site's IDF for anchors. Without it, no links. */
    private readonly knowledge?: Pick<SiteKnowledgeService, 'related' | 'termWeight'>,
  ) {}

  /**
   * The site's published posts that fit an article best, by the site-knowledge index (its title,
   * keywords and text against every post's), its own post excepted: the older posts that could
   * link to it: every post sharing its strong terms, best first (a backlink is proposed only where
   * an older post's paragraph names the article). Null for a site never synced.
   */
  async relatedPosts(
    siteId: number,
    article: { title: string; keywords: readonly string[]; ownWpId: number | null; articleId?: number },
    max: number,
  ): Promise<LinkablePost[] | null> {
    const sync = await this.repo.syncOf(siteId);
    if (!sync?.lastSuccessAt) return null;
    const own = normalise(article.title);
    return this.candidates(
      siteId,
      { ...article, all: true },
      max,
      (post) => post.wpId === article.ownWpId || normalise(post.title) === own,
    );
  }

  /** The site's IDF of a term (its stem), for anchors: 1 for every term without the index. */
  async termWeight(siteId: number): Promise<(term: string) => number> {
    return this.knowledge ? this.knowledge.termWeight(siteId) : () => 1;
  }

  /**
   * Candidates from the index: posts only (an older post is edited by its WordPress id, and a
   * page is no reading on a subject), each with a web address, the excluded ones passed over.
   */
  private async candidates(
    siteId: number,
    article: {
      title: string;
      keywords: readonly string[];
      text?: string;
      articleId?: number;
      ownWpId?: number | null;
      /** Every post sharing its strong terms, best first (each is then checked in its own words). */
      all?: boolean;
    },
    max: number,
    exclude: (post: LinkablePost) => boolean,
  ): Promise<LinkablePost[]> {
    if (!this.knowledge || max <= 0) return [];
    const excludeKeys = [
      ...(article.articleId ? [`article:${article.articleId}`] : []),
      ...(article.ownWpId ? [`post:${article.ownWpId}`] : []),
    ];
    // The article as written when it is (its title, keywords and text: what the bench measures),
    // else its subject (a topic before writing; an older article's backlinks).
    const text = [article.keywords.join('. '), article.text ?? ''].join('\n');
    const scored = await this.knowledge.related(
      siteId,
      { title: article.title, text, excludeKeys, postsOnly: true, all: article.all ?? false },
      max + 2,
    );
    const chosen: LinkablePost[] = [];
    for (const { doc } of scored) {
      if (chosen.length >= max) break;
      if (doc.kind !== 'post') continue;
      const post = { wpId: Number(doc.key.slice('post:'.length)), title: doc.title, link: doc.link, excerpt: '' };
      if (!exclude(post) && webAddress(post.link)) chosen.push(post);
    }
    return chosen;
  }

  /**
   * The posts a new article (its title, keywords and text) should link to, before or after it is
   * written: the writing step receives them, so a model can place each link in a sentence.
   */
  async linkCandidates(
    siteId: number,
    article: { title: string; keywords: readonly string[]; content?: string },
  ): Promise<LinkablePost[]> {
    const max = (await this.repo.linksPerArticle(siteId)) ?? this.defaultLinks;
    const sync = max > 0 ? await this.repo.syncOf(siteId) : null;
    if (!sync?.lastSuccessAt) return [];
    const own = normalise(article.title);
    return this.candidates(
      siteId,
      {
        title: article.title,
        keywords: article.keywords,
        ...(article.content ? { text: htmlText(article.content) } : {}),
      },
      max,
      (post) => normalise(post.title) === own,
    );
  }

  /**
   * Links a written article into its site: the candidates (the ones the writer was given, else
   * chosen now from its text), placed where the writer put them or on the article's own words.
   */
  async link(
    siteId: number,
    article: { title: string; keywords: readonly string[]; content: string },
    given?: readonly LinkablePost[],
  ): Promise<{ content: string; links: PlacedLink[] }> {
    const targets = given ?? (await this.linkCandidates(siteId, article));
    if (targets.length === 0) return { content: article.content, links: [] };
    const weight = await this.termWeight(siteId);
    const placed = placeSiteLinks(article.content, targets, weight, given !== undefined);
    return { content: placed.html, links: placed.links };
  }
}

/** An article's text for the index: its headings and body, without markup. */
function htmlText(html: string): string {
  const sections = htmlSections(html);
  return [...sections.headings, sections.body].join('\n');
}
