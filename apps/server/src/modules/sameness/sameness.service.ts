import { type ResemblingPost, SAMENESS_ASPECT_LABELS, type SiteSameness } from '@abp/contracts';
import { countWords, htmlSections } from '../../lib/html/html-text.js';
import { sentencesOf } from '../../lib/text/ai-tells.js';
import { type PostSample, type PostShape, resembles, samenessBetween, shapePost } from '../../lib/text/sameness.js';
import type { RecentPost, SamenessRepository } from './sameness.repository.js';

/** The posts compared: "the site's last 20 or so". */
export const RECENT_POSTS = 20;
/** A share of the site's posts this large made alike in one way makes the site "uniform". */
const UNIFORM_SHARE = 0.5;
/** Lengths spread less than this (percent of the mean) are one length. */
const UNIFORM_LENGTH_SPREAD_PCT = 3;

export interface SitesLookup {
  /** Throws the sites module's 404 for an unknown site. */
  get(id: number): Promise<unknown>;
}

/** An article's HTML (or an inventory post's headings and text) as the check reads it. */
export function sampleOfHtml(title: string, html: string, words?: number): PostSample {
  const { headings, body } = htmlSections(html);
  return { title, headings, opening: firstSentence(body), words: words ?? countWords(html) };
}

function firstSentence(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return sentencesOf(line)[0] ?? '';
}

function sampleOf(post: RecentPost): PostSample {
  if (post.html !== null) return sampleOfHtml(post.title, post.html, post.wordCount || undefined);
  return {
    title: post.title,
    headings: (post.headings ?? '').split('\n').filter((h) => h.trim()),
    opening: firstSentence(post.body ?? ''),
    words: post.wordCount,
  };
}

/**
 * Sameness across a site's recent posts (issue #33 §4): for a new article, the posts it is made
 * alike (a warning in its quality report, never an edit); for the site, how uniform its last posts are.
 */
export class SamenessService {
  constructor(
    private readonly repo: SamenessRepository,
    private readonly sites: SitesLookup,
  ) {}

  /** The site's newest posts: the app's articles and the WordPress posts of its inventory, each once. */
  async recentPosts(
    siteId: number,
    limit = RECENT_POSTS,
    except: { articleId?: number; wpId?: number | null } = {},
  ): Promise<RecentPost[]> {
    const [own, inventory] = await Promise.all([
      this.repo.recentArticles(siteId, limit, except.articleId),
      this.repo.recentInventoryPosts(siteId, limit),
    ]);
    // A published article is also an inventory post: counted once, and never compared with itself.
    const published = new Set<number | null>([...own.map((post) => post.wpId), except.wpId ?? null]);
    return [...own, ...inventory.filter((post) => !published.has(post.wpId))]
      .sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0))
      .slice(0, limit);
  }

  /** The recent posts a new (or edited) article resembles, for its quality report. */
  async findFor(
    siteId: number,
    article: { id?: number; wpId?: number | null; title: string; content: string },
  ): Promise<{ resembles: ResemblingPost[]; compared: number }> {
    const posts = await this.recentPosts(siteId, RECENT_POSTS, { articleId: article.id, wpId: article.wpId ?? null });
    const mine = shapePost(sampleOfHtml(article.title, article.content));
    const alike: ResemblingPost[] = [];
    for (const post of posts) {
      const ways = samenessBetween(mine, shapePost(sampleOf(post)));
      if (resembles(ways)) alike.push({ title: post.title, link: post.link, ways });
    }
    alike.sort((a, b) => b.ways.length - a.ways.length);
    return { resembles: alike, compared: posts.length };
  }

  /** GET /api/sites/:id/sameness. */
  async siteSameness(siteId: number, limit = RECENT_POSTS): Promise<SiteSameness> {
    await this.sites.get(siteId);
    const posts = await this.recentPosts(siteId, limit);
    return { site_id: siteId, ...uniformity(posts.map((post) => shapePost(sampleOf(post)))) };
  }
}

/** The largest group of posts alike in one way (a post and those alike it), as a share of all. */
function largestGroupShare(shapes: readonly PostShape[], aspect: 'heading_skeleton' | 'opening_sentence'): number {
  let largest = 1;
  for (const a of shapes) {
    const group = shapes.filter((b) => b === a || samenessBetween(a, b).includes(aspect)).length;
    largest = Math.max(largest, group);
  }
  return largest > 1 ? largest / shapes.length : 0;
}

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** How uniform a set of posts is, in figures and in words. */
export function uniformity(shapes: readonly PostShape[]): Omit<SiteSameness, 'site_id'> {
  const n = shapes.length;
  if (n < 2)
    return {
      posts_compared: n,
      same_skeleton_share: 0,
      same_title_template_share: 0,
      title_template: null,
      same_opening_share: 0,
      length_spread_pct: 0,
      uniform: false,
      message: 'Too few posts to compare yet.',
    };
  const templates = new Map<string, number>();
  for (const shape of shapes) if (shape.title) templates.set(shape.title, (templates.get(shape.title) ?? 0) + 1);
  const [template, templateCount] = [...templates].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  const lengths = shapes.map((shape) => shape.words).filter((w): w is number => w !== null && w > 0);
  const mean = lengths.reduce((sum, w) => sum + w, 0) / Math.max(1, lengths.length);
  const spread =
    lengths.length >= 2 ? Math.sqrt(lengths.reduce((sum, w) => sum + (w - mean) ** 2, 0) / lengths.length) / mean : 0;
  const figures = {
    posts_compared: n,
    same_skeleton_share: round(largestGroupShare(shapes, 'heading_skeleton')),
    same_title_template_share: templateCount > 1 ? round(templateCount / n) : 0,
    title_template: templateCount > 1 ? template : null,
    same_opening_share: round(largestGroupShare(shapes, 'opening_sentence')),
    length_spread_pct: round(spread * 100, 1),
  };
  const said: string[] = [];
  const pct = (share: number) => `${Math.round(share * 100)}%`;
  if (figures.same_skeleton_share >= UNIFORM_SHARE)
    said.push(`${pct(figures.same_skeleton_share)} share ${SAMENESS_ASPECT_LABELS.heading_skeleton}`);
  if (figures.same_title_template_share >= UNIFORM_SHARE)
    said.push(`${pct(figures.same_title_template_share)} have the title template "${figures.title_template}"`);
  if (figures.same_opening_share >= UNIFORM_SHARE)
    said.push(`${pct(figures.same_opening_share)} open with the same sentence pattern`);
  if (lengths.length >= 5 && figures.length_spread_pct < UNIFORM_LENGTH_SPREAD_PCT)
    said.push(`their lengths differ by only ${figures.length_spread_pct}% on average`);
  const uniform = said.length > 0;
  return {
    ...figures,
    uniform,
    message: uniform
      ? `The last ${n} posts look made from one template: ${said.join('; ')}. Search engines treat uniform, high-frequency posting as scaled content; vary the structure.`
      : `The last ${n} posts vary in structure, titles, openings and length.`,
  };
}
