import { countPlainWords, type ProseWriter } from './offline-prose.js';
import type { SeededRandom } from './seeded-random.js';

export interface SectionContext {
  topic: string;
  /** The topic in title case, for names and headings. */
  subject: string;
  heading: string;
  /** Words this section should contribute. */
  budget: number;
  keywords: readonly string[];
  prose: ProseWriter;
  random: SeededRandom;
  /** How-to genres get checklists in long body sections; a film review or a history does not. */
  howTo: boolean;
  /** Position in the article, so list-shaped sections (FAQ groups, glossary groups) do not repeat each other. */
  sectionIndex: number;
}

export type SectionRenderer = (context: SectionContext) => string;

export { escapeHtmlText as escapeHtml } from '../../../lib/plain-text.js';

export const htmlWords = (html: string) => countPlainWords(html.replace(/<[^>]+>/g, ' '));

export const listHtml = (items: readonly string[], ordered = false) => {
  const tag = ordered ? 'ol' : 'ul';
  return `<${tag}>\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</${tag}>`;
};

/** How many items of ~`wordsPerItem` fit the share of the budget a structure should take. */
export const itemCount = (budget: number, wordsPerItem: number, min: number, max: number, share = 0.7) =>
  Math.max(min, Math.min(max, Math.round((budget * share) / wordsPerItem)));

/** Pads a structured block with prose so the section lands near its budget. */
export function withProse(
  context: SectionContext,
  structure: string,
  placement: 'before' | 'after' = 'before',
): string {
  const remaining = context.budget - htmlWords(structure);
  if (remaining < 20) return structure;
  const prose = context.prose.paragraphsHtml(remaining);
  return placement === 'before' ? `${prose}\n${structure}` : `${structure}\n${prose}`;
}

/** Significant words of the topic ("easy lemon garlic chicken recipe" → lemon, garlic, chicken). */
export function topicNouns(topic: string): string[] {
  // Articles, question words, marketing adjectives and audiences ("for beginners") are not the subject.
  const filler =
    /^(a|an|the|and|or|of|for|with|to|in|on|how|why|what|best|easy|quick|simple|homemade|recipe|recipes|guide|ultimate|perfect|complete|my|your|our|at|home|beginners|dummies|kids|everyone|seniors|students|families|busy|people|\d+)$/i;
  return topic
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 2 && !filler.test(word));
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
