import { contentWords } from '../shared/text.js';

export interface LinkableArticle {
  id: number;
  type: 'pillar' | 'cluster';
  title: string;
  pillarParent: string;
  keywords: string[];
  href: string;
}

export interface LinkCandidate {
  target: LinkableArticle;
  /** pillar: cluster → its pillar; cluster: pillar → its cluster; sibling: same pillar; related: shared keywords. */
  relation: 'pillar' | 'cluster' | 'sibling' | 'related';
}

const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function sharedWords(a: LinkableArticle, b: LinkableArticle): number {
  const words = new Set(contentWords([a.title, ...a.keywords].join(' ')));
  return new Set(contentWords([b.title, ...b.keywords].join(' ')).filter((w) => words.has(w))).size;
}

/**
 * The link targets of one article, best first: the cluster ↔ pillar links of the outline, then
 * clusters of the same pillar, then other articles by shared keywords. Never the article itself.
 */
export function linkCandidates(source: LinkableArticle, all: readonly LinkableArticle[]): LinkCandidate[] {
  const others = all.filter((a) => a.id !== source.id);
  const out: LinkCandidate[] = [];
  const add = (target: LinkableArticle, relation: LinkCandidate['relation']) => {
    if (!out.some((c) => c.target.id === target.id)) out.push({ target, relation });
  };
  if (source.type === 'cluster') {
    for (const pillar of others.filter((a) => a.type === 'pillar' && sameTitle(a.title, source.pillarParent)))
      add(pillar, 'pillar');
    for (const sibling of others.filter(
      (a) => a.type === 'cluster' && source.pillarParent && sameTitle(a.pillarParent, source.pillarParent),
    ))
      add(sibling, 'sibling');
  } else {
    for (const cluster of others.filter((a) => a.type === 'cluster' && sameTitle(a.pillarParent, source.title)))
      add(cluster, 'cluster');
  }
  const rest = others
    .map((a) => ({ a, score: sharedWords(source, a) + (a.type === 'pillar' ? 0.5 : 0) }))
    .sort((x, y) => y.score - x.score || x.a.id - y.a.id);
  for (const { a } of rest) add(a, 'related');
  return out;
}
