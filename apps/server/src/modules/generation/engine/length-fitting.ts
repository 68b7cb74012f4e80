import type { OutlineSection, SectionRole } from '../../../integrations/llm/index.js';
import { trimHtmlToWords } from '../../../lib/html/html-blocks.js';
import { countWords } from '../../../lib/html/html-text.js';

/*
 * Landing within ±15% of the requested length: budgets up front, then trimming what overshot
 * and extending what fell short. The engine aims at a narrower window so that sanitising and
 * rounding never push a result out of the promised one.
 */

export const AIM_LOW = 0.93;
export const AIM_HIGH = 1.06;

// Structured openers and closers say what they must in fewer words than discursive sections.
const ROLE_WEIGHTS: Partial<Record<SectionRole, number>> = {
  intro: 0.7,
  conclusion: 0.6,
  hero: 0.6,
  call_to_action: 0.6,
  film_facts: 0.6,
  business_details: 0.6,
  hours: 0.5,
  key_figures: 0.7,
};

/** Roles whose data tables would only be padded by extension. */
const NOT_EXTENDABLE = new Set<SectionRole>(['hours', 'film_facts', 'business_details', 'cast_crew', 'ingredients']);

export interface DraftSection {
  section: OutlineSection;
  index: number;
  budget: number;
  html: string;
  failed: boolean;
}

/** Whether the section is rendered with its own h2 (the opening introduction is not). */
export const hasHeading = (section: OutlineSection, index: number) => !(index === 0 && section.role === 'intro');

export function sectionBudgets(sections: readonly OutlineSection[], wordCount: number): number[] {
  const headingWords = sections.reduce((sum, s, i) => sum + (hasHeading(s, i) ? countWords(s.heading) : 0), 0);
  const bodyWords = Math.max(wordCount * 0.8, wordCount - headingWords);
  const weights = sections.map((s) => ROLE_WEIGHTS[s.role] ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.max(40, Math.round((bodyWords * w) / total)));
}

export function totalWords(drafts: readonly DraftSection[]): number {
  return drafts.reduce(
    (sum, d) =>
      sum + (d.failed ? 0 : countWords(d.html) + (hasHeading(d.section, d.index) ? countWords(d.section.heading) : 0)),
    0,
  );
}

/** Cuts the sections that overshot most, keeping each at least at 70% of its budget where possible. */
export function trimToTarget(drafts: DraftSection[], target: number): void {
  let excess = totalWords(drafts) - target;
  const byOvershoot = drafts
    .filter((d) => !d.failed)
    .sort((a, b) => countWords(b.html) / b.budget - countWords(a.html) / a.budget);
  for (const draft of byOvershoot) {
    if (excess <= 0) return;
    const words = countWords(draft.html);
    const cut = Math.min(excess, words - Math.round(draft.budget * 0.7));
    if (cut < 10) continue;
    draft.html = trimHtmlToWords(draft.html, words - cut);
    excess -= words - countWords(draft.html);
  }
  if (excess <= 0) return;
  // Still long: shrink everything in proportion.
  const ratio = target / totalWords(drafts);
  for (const draft of drafts.filter((d) => !d.failed))
    draft.html = trimHtmlToWords(draft.html, Math.floor(countWords(draft.html) * ratio));
}

export interface ExtensionRequest {
  draft: DraftSection;
  words: number;
}

/** Spreads a shortfall over the sections furthest below their budgets, in chunks one call can write. */
export function planExtensions(drafts: readonly DraftSection[], shortfall: number): ExtensionRequest[] {
  const candidates = drafts
    .filter((d) => !d.failed && !NOT_EXTENDABLE.has(d.section.role))
    .sort((a, b) => countWords(a.html) / a.budget - countWords(b.html) / b.budget);
  if (candidates.length === 0 || shortfall <= 0) return [];
  const calls = Math.min(candidates.length, Math.max(1, Math.ceil(shortfall / 500)));
  const each = Math.max(60, Math.ceil(shortfall / calls));
  return candidates.slice(0, calls).map((draft) => ({ draft, words: each }));
}
