import { topicKey } from '../posting-policy/schedule-math.js';

/** The post that already covers a topic on the live site (from its content inventory). */
export interface CoveringPost {
  title: string;
  link: string;
  /** Another of the operator's sites that has it (null or absent: this site). */
  siteName?: string | null;
}

/** Covered topics by topic key: the slot claim passes over these. */
export type CoveredTopics = ReadonlyMap<string, CoveringPost>;

export const coveredKey = topicKey;

function path(link: string): string {
  try {
    return new URL(link).pathname;
  } catch {
    return link;
  }
}

/**
 * What the slot's log says about the topics it passed over: which post covers each; when none was
 * left, that nothing was written and why.
 */
export function coverageNote(
  passedOver: readonly string[],
  covered: CoveredTopics,
  nothingLeft: boolean,
): string | null {
  if (passedOver.length === 0) return null;
  const list = passedOver
    .slice(0, 5)
    .map((topic) => {
      const post = covered.get(coveredKey(topic));
      if (!post) return `"${topic}"`;
      return post.siteName
        ? `"${topic}" ("${post.title}" on ${post.siteName}, ${post.link})`
        : `"${topic}" ("${post.title}", ${path(post.link)})`;
    })
    .join('; ');
  const more = passedOver.length > 5 ? ` and ${passedOver.length - 5} more` : '';
  return nothingLeft
    ? `Nothing posted: every topic of this configuration is already on the site: ${list}${more}. Add new topics to keep posting.`
    : `Skipped topics the site already covers: ${list}${more}.`;
}
