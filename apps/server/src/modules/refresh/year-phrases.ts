/*
 * Year phrases that are no longer true (issue #36 §1), as a pure function of a post's text, its
 * last change and today's date. The rules, chosen to flag claims about "now" and leave history alone:
 *
 * Stale (a past year Y, with Y in the RECENT_YEARS before this one):
 *   - "in|for|of|during|throughout|as of Y" ("the best laptops in 2024", "updated for 2024"), but not
 *     "of|for Y <plural word>" ("a list of 2024 items" is a count);
 *   - "best|top|latest|new … Y" within a few words ("best budget phones of 2025", "top 10 tools 2024");
 *   - "Y guide|edition|update|review|list|trends|ranking|predictions";
 *   - in the title, any recent past year (a dated title is a claim about the present).
 *   - "this year", "next year", "this month", "currently …" style relative phrases: "this year" and
 *     "next year" when the post was last changed in an earlier year than today.
 * Not stale:
 *   - history: "since Y", "founded|established|born|built|launched|started|began|created|opened|
 *     released|introduced|published|acquired|died in Y", "back in Y", "from Y to …", "between Y and",
 *     "until|till|by Y" and "Y–Y" ranges;
 *   - years older than RECENT_YEARS (a post naming 2010 is telling history, not claiming the present);
 *   - this year and future years; numbers that are not years (1999 items, 20241 codes).
 */

/** How many past years count as a stale "present": this year minus 1 … minus RECENT_YEARS. */
export const RECENT_YEARS = 3;

export interface YearPhrase {
  /** The phrase as found ("in 2024"). */
  phrase: string;
  year: number | null;
  where: 'title' | 'text';
}

const HISTORY_BEFORE =
  /\b(since|founded|established|born|built|launched|started|began|begun|created|opened|released|introduced|published|acquired|died|back|from|between|until|till|by|before|after|circa|retired|married|moved|formed|incorporated|debuted|premiered|won)\s+(?:in\s+|on\s+|around\s+)?$/i;

const PRESENT_CLAIM = new RegExp(
  [
    String.raw`\b(?:in|during|throughout|as\s+of)\s+(?<y1>(?:19|20)\d{2})\b`,
    // "of|for 2024 items" counts things: a year followed by a plural word is a number there.
    String.raw`\b(?:for|of)\s+(?<y4>(?:19|20)\d{2})\b(?!\s+[a-z]+s\b)`,
    String.raw`\b(?:best|top|latest|newest|new|ultimate|updated)\b(?:\s+[\w'’-]+){0,6}?\s+(?:of\s+|for\s+|in\s+)?(?<y2>(?:19|20)\d{2})\b`,
    String.raw`\b(?<y3>(?:19|20)\d{2})\s+(?:guide|edition|update|review|reviews|list|trends|ranking|rankings|predictions|buyer'?s\s+guide)\b`,
  ].join('|'),
  'gi',
);
const ANY_YEAR = /(?<![\d–-])\b(?<year>(?:19|20)\d{2})\b(?![\d–-])/g;
const RELATIVE = /\b(?:this|next)\s+year(?:'s)?\b/gi;

function isHistory(text: string, index: number, matchText: string): boolean {
  const before = text.slice(Math.max(0, index - 40), index);
  if (HISTORY_BEFORE.test(before)) return true;
  // "from 2019 to 2024", "2019–2024": a span of years is history too.
  const after = text.slice(index + matchText.length, index + matchText.length + 12);
  if (/^\s*(?:[–-]|to\s)\s*(?:19|20)\d{2}/i.test(after)) return true;
  if (/(?:19|20)\d{2}\s*[–-]\s*$/.test(before)) return true;
  return false;
}

/**
 * The phrases of a post that are no longer true today: its title's dated claims, its text's
 * (at most `max`, each once).
 */
export function staleYearPhrases(
  post: { title: string; text: string; modifiedAt: Date | null },
  today: Date,
  max = 5,
): YearPhrase[] {
  const now = today.getUTCFullYear();
  const recent = (year: number) => year < now && year >= now - RECENT_YEARS;
  const found: YearPhrase[] = [];
  const seen = new Set<string>();
  const add = (phrase: string, year: number | null, where: YearPhrase['where']) => {
    const key = `${where}:${phrase.toLowerCase()}`;
    if (seen.has(key) || found.length >= max) return;
    seen.add(key);
    found.push({ phrase: phrase.replace(/\s+/g, ' ').trim(), year, where });
  };
  for (const match of post.title.matchAll(ANY_YEAR)) {
    const year = Number(match.groups?.year);
    if (recent(year) && !isHistory(post.title, match.index ?? 0, match[0])) add(post.title, year, 'title');
  }
  for (const match of post.text.matchAll(PRESENT_CLAIM)) {
    const groups = match.groups ?? {};
    const year = Number(groups.y1 ?? groups.y2 ?? groups.y3 ?? groups.y4);
    if (!recent(year)) continue;
    const yearAt = (match.index ?? 0) + match[0].lastIndexOf(String(year));
    // The words before the claim ("founded in 2024") and before the year itself both count.
    if (isHistory(post.text, match.index ?? 0, match[0]) || isHistory(post.text, yearAt, String(year))) continue;
    add(match[0], year, 'text');
  }
  const changed = post.modifiedAt?.getUTCFullYear();
  if (changed !== undefined && changed < now) {
    for (const match of `${post.title}\n${post.text}`.matchAll(RELATIVE)) add(match[0], null, 'text');
  }
  return found;
}

/*
 * What a refresh changes mechanically (no model): a recent past year in a dated "best/top/latest … Y"
 * or "Y guide/edition/…" phrase, and only in a title or a heading — a label of the post, which the
 * operator wants current. A year in the body ("in 2024 prices rose") states a fact of its time: only
 * a model (or the operator) may judge whether the claim still holds, so it is left alone here.
 */
const MECHANICAL_YEAR = new RegExp(
  [
    String.raw`\b(?:best|top|latest|newest|new|ultimate|updated)\b(?:\s+[\w'’-]+){0,6}?\s+(?:of\s+|for\s+|in\s+)?(?<y2>(?:19|20)\d{2})\b`,
    String.raw`\b(?<y3>(?:19|20)\d{2})\s+(?:guide|edition|update|review|reviews|list|trends|ranking|rankings|predictions|buyer'?s\s+guide)\b`,
  ].join('|'),
  'gi',
);

/** The years of a title or heading text a refresh sets to this year: where each is, and its phrase. */
export function mechanicalYears(text: string, today: Date): Array<{ at: number; year: number; phrase: string }> {
  const now = today.getUTCFullYear();
  const found: Array<{ at: number; year: number; phrase: string }> = [];
  for (const match of text.matchAll(MECHANICAL_YEAR)) {
    const groups = match.groups ?? {};
    const year = Number(groups.y2 ?? groups.y3);
    if (!(year < now && year >= now - RECENT_YEARS)) continue;
    const at = (match.index ?? 0) + match[0].lastIndexOf(String(year));
    if (isHistory(text, match.index ?? 0, match[0]) || isHistory(text, at, String(year))) continue;
    // A range ("2024–2025") is history even here.
    if (/^[–-]\d/.test(text.slice(at + 4, at + 6))) continue;
    found.push({ at, year, phrase: match[0].replace(/\s+/g, ' ').trim() });
  }
  return found;
}
