import type MiniSearch from 'minisearch';
import { webAddress } from '../../lib/html/web-link.js';
import {
  buildPostIndex,
  chooseTargets,
  type LinkablePost,
  type PlacedLink,
  placeSiteLinks,
} from './live-site-links.js';
import type { SiteInventoryRepository } from './site-inventory.repository.js';

/** Links per article into the live site's existing posts. */
export const LIVE_SITE_LINKS_PER_ARTICLE = 3;

const normalise = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Gives a new article links into what its site already has: the posts that fit it best (BM25 over
 * the site's content inventory) linked on the article's own words. A site never synced gets none.
 * The index is kept per site until its next sync.
 */
export class LiveSiteLinker {
  private readonly indexes = new Map<number, { syncedAt: number; index: MiniSearch<LinkablePost> }>();

  constructor(
    private readonly repo: Pick<SiteInventoryRepository, 'syncOf' | 'linkablePosts' | 'linksPerArticle'>,
    /** Without a blog configuration for the site. */
    private readonly defaultLinks = LIVE_SITE_LINKS_PER_ARTICLE,
  ) {}

  /** The site's index, built again after each sync; null for a site never synced. */
  private async indexOf(siteId: number): Promise<MiniSearch<LinkablePost> | null> {
    const sync = await this.repo.syncOf(siteId);
    if (!sync?.lastSuccessAt) return null;
    let cached = this.indexes.get(siteId);
    if (!cached || cached.syncedAt !== sync.lastSuccessAt.getTime()) {
      cached = { syncedAt: sync.lastSuccessAt.getTime(), index: buildPostIndex(await this.repo.linkablePosts(siteId)) };
      this.indexes.set(siteId, cached);
    }
    return cached.index;
  }

  /**
   * A published post of the site whose title already has every significant word of the topic
   * ("Tomato blight" is covered by "How to stop tomato blight"), or null.
   */
  async coveringPost(siteId: number, topic: string): Promise<{ title: string; link: string } | null> {
    const index = await this.indexOf(siteId);
    if (!index) return null;
    const [hit] = index.search(topic, {
      fields: ['title'],
      combineWith: 'AND',
      fuzzy: false,
      prefix: (term) => term.length >= 5,
    });
    return hit ? { title: hit.title as string, link: hit.link as string } : null;
  }

  /**
   * The site's published posts that fit an article best (its title and keywords; sharing a word of
   * its subject), its own post excepted: the older posts that could link to it.
   */
  async relatedPosts(
    siteId: number,
    article: { title: string; keywords: readonly string[]; ownWpId: number | null },
    max: number,
  ): Promise<LinkablePost[] | null> {
    const index = await this.indexOf(siteId);
    if (!index) return null;
    const own = normalise(article.title);
    const query = [...new Set(normalise([article.title, ...article.keywords].join(' ')).split(' '))].join(' ');
    const subject = article.keywords[0] ?? article.title;
    return chooseTargets(
      index,
      query,
      subject,
      max,
      (post) => post.wpId === article.ownWpId || normalise(post.title) === own,
    );
  }

  async link(
    siteId: number,
    article: { title: string; keywords: readonly string[]; content: string },
  ): Promise<{ content: string; links: PlacedLink[] }> {
    const max = (await this.repo.linksPerArticle(siteId)) ?? this.defaultLinks;
    const index = max > 0 ? await this.indexOf(siteId) : null;
    if (!index) return { content: article.content, links: [] };
    const own = normalise(article.title);
    // Each word once: the title and the keywords repeat the topic, which would drown every other word.
    const query = [...new Set(normalise([article.title, ...article.keywords].join(' ')).split(' '))].join(' ');
    // The article's subject: its primary keyword (the topic it was written on), else its title.
    const subject = article.keywords[0] ?? article.title;
    // A post whose link the inventory dropped as unsafe ('') cannot be linked to: the next one takes its place.
    const targets = chooseTargets(
      index,
      query,
      subject,
      max,
      (post) => normalise(post.title) === own || !webAddress(post.link),
    );
    const placed = placeSiteLinks(article.content, targets);
    return { content: placed.html, links: placed.links };
  }
}
