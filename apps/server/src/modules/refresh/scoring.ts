import type { RefreshReason } from '@abp/contracts';
import { staleYearPhrases } from './year-phrases.js';

/*
 * The refresh score (issue #36 §1), a pure function: the sum of the weights of a post's reasons,
 * at most 100. The weights, chosen so that one strong reason (a wrong year, a dead link) is enough
 * to reach REFRESH_STALE_SCORE (30) on its own, the weak ones need each other, and all reach 100:
 *   age        0 under a year since the last change, 10 from 1 year, 20 from 2, 30 from 3;
 *   past_year  30 (phrases quoted, up to three);
 *   dead_links 30 for one, +5 for each further one, at most 45 (dead-ish 5xx links count);
 *   thin       15 when the text has under 40 % of the site's median words (sites of ≥ 5 posts);
 *   orphan     10 when no other post of the site links to it (sites of ≥ 3 posts);
 *   newer_post 15 when a newer post of the site covers the same subject (site knowledge).
 */

export const REFRESH_WEIGHTS = {
  agePerYear: 10,
  ageMax: 30,
  pastYear: 30,
  deadLink: 30,
  deadLinkMore: 5,
  deadLinksMax: 45,
  thin: 15,
  thinShare: 0.4,
  thinMinPosts: 5,
  orphan: 10,
  orphanMinPosts: 3,
  newerPost: 15,
} as const;

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

export interface ScoredPostInput {
  wpId: number;
  title: string;
  text: string;
  modifiedAt: Date | null;
  publishedAt: Date | null;
  /** Words of its text. */
  words: number;
  /** Other posts of the site linking to it. */
  linksIn: number;
  /** Its dead (and dead-ish) links, with what was found. */
  deadLinks: ReadonlyArray<{ url: string; why: string }>;
  /** A newer post of the site on the same subject, when site knowledge found one. */
  newerPost: { title: string; link: string } | null;
}

export interface SiteFigures {
  posts: number;
  medianWords: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

const quote = (text: string) => `“${text.length > 80 ? `${text.slice(0, 77)}…` : text}”`;

export function scorePost(
  post: ScoredPostInput,
  site: SiteFigures,
  today: Date,
): { score: number; reasons: RefreshReason[] } {
  const w = REFRESH_WEIGHTS;
  const reasons: RefreshReason[] = [];
  const changed = post.modifiedAt ?? post.publishedAt;
  if (changed) {
    const years = Math.floor((today.getTime() - changed.getTime()) / YEAR_MS);
    if (years >= 1) {
      reasons.push({
        kind: 'age',
        weight: Math.min(w.ageMax, years * w.agePerYear),
        words: `Not changed for ${years === 1 ? 'a year' : `${years} years`} (last change ${changed.toISOString().slice(0, 10)}).`,
      });
    }
  }
  const phrases = staleYearPhrases(post, today, 3);
  if (phrases.length > 0) {
    reasons.push({
      kind: 'past_year',
      weight: w.pastYear,
      words: `Says ${phrases.map((p) => quote(p.phrase)).join(', ')}; it is ${today.getUTCFullYear()} now.`,
    });
  }
  if (post.deadLinks.length > 0) {
    const shown = post.deadLinks
      .slice(0, 3)
      .map((link) => `${link.url} (${link.why})`)
      .join('; ');
    const more = post.deadLinks.length > 3 ? ` and ${post.deadLinks.length - 3} more` : '';
    reasons.push({
      kind: 'dead_links',
      weight: Math.min(w.deadLinksMax, w.deadLink + (post.deadLinks.length - 1) * w.deadLinkMore),
      words: `${post.deadLinks.length === 1 ? 'A dead link' : `${post.deadLinks.length} dead links`}: ${shown}${more}.`,
    });
  }
  if (site.posts >= w.thinMinPosts && site.medianWords > 0 && post.words < site.medianWords * w.thinShare) {
    reasons.push({
      kind: 'thin',
      weight: w.thin,
      words: `${post.words} words, where the site's posts have ${site.medianWords} (median).`,
    });
  }
  if (site.posts >= w.orphanMinPosts && post.linksIn === 0) {
    reasons.push({ kind: 'orphan', weight: w.orphan, words: 'No other post of the site links to it.' });
  }
  if (post.newerPost) {
    reasons.push({
      kind: 'newer_post',
      weight: w.newerPost,
      words: `A newer post covers the same subject: ${quote(post.newerPost.title)} (${post.newerPost.link}).`,
    });
  }
  const score = Math.min(
    100,
    reasons.reduce((sum, reason) => sum + reason.weight, 0),
  );
  return { score, reasons: reasons.sort((a, b) => b.weight - a.weight) };
}

export function wordCount(text: string): number {
  const matches = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return matches ? matches.length : 0;
}
