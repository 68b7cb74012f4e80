import { type CompetitionLevel, type KeywordIntent, type KeywordType, SEO_LIMITS } from '@abp/contracts';
import { contentWords, uniqueCaseless } from '../shared/text.js';

export interface KeywordDraft {
  keyword: string;
  keyword_type: KeywordType;
  intent_type: KeywordIntent;
  competition_level: CompetitionLevel;
}

export interface KeywordInputs {
  niche: string;
  companyName: string;
  targetAudience: string;
}

/** A niche written as a long sentence would make unusable keywords: keep its first words. */
function shortPhrase(text: string, words: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, words)
    .join(' ');
}

/**
 * Keyword research without a model: primary, long-tail and semantic phrases built from the niche,
 * the audience and the company, with the intent and competition such phrases usually have.
 * Deterministic, so the wizard can be walked on a fresh machine and tests can rely on it.
 */
export function offlineKeywords(inputs: KeywordInputs): KeywordDraft[] {
  const niche = shortPhrase(inputs.niche, 6) || 'general topics';
  const words = contentWords(niche);
  const head = words[words.length - 1] ?? niche;
  const audience = shortPhrase(inputs.targetAudience, 4);
  const company = inputs.companyName.trim();

  const k = (
    keyword: string,
    keyword_type: KeywordType,
    intent_type: KeywordIntent,
    competition_level: CompetitionLevel,
  ): KeywordDraft => ({
    keyword,
    keyword_type,
    intent_type,
    competition_level,
  });
  const drafts: KeywordDraft[] = [
    k(niche, 'primary', 'informational', 'high'),
    k(`best ${niche}`, 'primary', 'transactional', 'high'),
    k(`${niche} guide`, 'primary', 'informational', 'medium'),
    k(`${niche} tips`, 'primary', 'informational', 'medium'),
    k(`${niche} services`, 'primary', 'transactional', 'medium'),
    k(`how to get started with ${niche}`, 'long-tail', 'informational', 'low'),
    k(`${niche} for beginners`, 'long-tail', 'informational', 'low'),
    ...(audience ? [k(`${niche} for ${audience}`, 'long-tail', 'informational', 'low')] : []),
    k(`common ${niche} mistakes to avoid`, 'long-tail', 'informational', 'low'),
    k(`how much does ${niche} cost`, 'long-tail', 'transactional', 'low'),
    k(`step by step ${niche} plan`, 'long-tail', 'informational', 'low'),
    k(`${niche} tools and resources`, 'long-tail', 'informational', 'low'),
    k(`how to choose ${niche} services`, 'long-tail', 'transactional', 'low'),
    k(`${head} strategy`, 'semantic', 'informational', 'medium'),
    k(`${head} techniques`, 'semantic', 'informational', 'medium'),
    k(`${niche} trends`, 'semantic', 'informational', 'medium'),
    k(`${niche} benefits`, 'semantic', 'informational', 'low'),
    k(`${niche} examples`, 'semantic', 'informational', 'low'),
    ...(company
      ? [
          k(company.toLowerCase(), 'semantic', 'navigational', 'low'),
          k(`${company.toLowerCase()} ${head}`, 'semantic', 'navigational', 'low'),
        ]
      : []),
  ];
  const allowed = new Set(
    uniqueCaseless(drafts.map((d) => d.keyword).filter((kw) => kw.length <= SEO_LIMITS.keyword)).map((kw) =>
      kw.toLowerCase(),
    ),
  );
  const seen = new Set<string>();
  return drafts.filter((d) => {
    const key = d.keyword.toLowerCase();
    if (!allowed.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
