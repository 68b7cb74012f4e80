import type { KeywordType, OutlineData } from '@abp/contracts';
import { contentWords, titleCase, uniqueCaseless } from '../shared/text.js';

export interface OutlineKeyword {
  keyword: string;
  type: KeywordType;
}

const MAX_PILLARS = 3;
const MAX_CLUSTERS = 9;

const PILLAR_TITLES = [
  (t: string) => `The Complete Guide to ${t}`,
  (t: string) => `${t}: Everything You Need to Know`,
  (t: string) => `${t} Explained: Strategies That Work`,
];

function pillarHeadings(t: string): string[] {
  return [
    `What Is ${t}?`,
    `Why ${t} Matters`,
    `Key ${t} Strategies`,
    `Common ${t} Mistakes`,
    `Tools and Resources for ${t}`,
    `Getting Started with ${t}`,
  ];
}

function clusterTitle(keyword: string): string {
  const t = titleCase(keyword);
  if (/^how\b/i.test(keyword)) return `${t}: A Step-by-Step Guide`;
  if (/^what\b/i.test(keyword)) return `${t}? A Clear Explanation`;
  if (/\bmistakes\b/i.test(keyword)) return t;
  return `${t}: Practical Tips and Examples`;
}

function clusterHeadings(keyword: string): string[] {
  const t = titleCase(keyword);
  return [
    `Understanding ${t}`,
    `A Step-by-Step Approach`,
    'Tips and Best Practices',
    'Mistakes to Avoid',
    'Frequently Asked Questions',
  ];
}

/** Words in common: the pillar a cluster keyword is closest to. */
function overlap(a: string, b: string): number {
  const words = new Set(contentWords(a));
  return contentWords(b).filter((w) => words.has(w)).length;
}

/**
 * The pillar/cluster plan without a model: up to three pillars from the primary keywords, and
 * clusters from the long-tail (then semantic) keywords, each under the pillar it shares the most
 * words with. Deterministic for the same keywords.
 */
export function offlineOutline(niche: string, keywords: readonly OutlineKeyword[]): OutlineData {
  const texts = (type: KeywordType) => uniqueCaseless(keywords.filter((k) => k.type === type).map((k) => k.keyword));
  const primary = texts('primary');
  const longTail = texts('long-tail');
  const semantic = texts('semantic');
  const pillarKeywords = uniqueCaseless([...primary, ...longTail, ...semantic, niche]).slice(0, MAX_PILLARS);
  const pillars = pillarKeywords.map((keyword, i) => {
    const related = semantic
      .filter((s) => overlap(s, keyword) > 0 && s.toLowerCase() !== keyword.toLowerCase())
      .slice(0, 2);
    const title = (PILLAR_TITLES[i] ?? PILLAR_TITLES[0]!)(titleCase(keyword));
    return {
      title,
      target_keywords: uniqueCaseless([keyword, ...related]),
      h2_headings: pillarHeadings(titleCase(keyword)),
    };
  });
  const taken = new Set(pillarKeywords.map((k) => k.toLowerCase()));
  const clusterKeywords = uniqueCaseless([...longTail, ...semantic, ...primary])
    .filter((k) => !taken.has(k.toLowerCase()))
    .slice(0, MAX_CLUSTERS);
  const titles = new Set(pillars.map((p) => p.title.toLowerCase()));
  const clusters = clusterKeywords.flatMap((keyword, i) => {
    const title = clusterTitle(keyword);
    if (titles.has(title.toLowerCase())) return [];
    titles.add(title.toLowerCase());
    const scored = pillars.map((p, index) => ({ index, score: overlap(keyword, p.target_keywords.join(' ')) }));
    const best = scored.reduce((a, b) => (b.score > a.score ? b : a), {
      index: i % Math.max(1, pillars.length),
      score: 0,
    });
    const parent = pillars[best.index];
    return [
      {
        title,
        target_keywords: uniqueCaseless([keyword, ...(parent ? [parent.target_keywords[0] ?? ''] : [])]),
        h2_headings: clusterHeadings(keyword),
        content_type: 'cluster',
        pillar_parent: parent?.title ?? '',
      },
    ];
  });
  return { pillar_posts: pillars, cluster_posts: clusters };
}
