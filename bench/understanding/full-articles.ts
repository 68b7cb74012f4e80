import { htmlSections } from '../../apps/server/src/lib/html/html-text.js';
import { similarIn } from '../../apps/server/src/modules/site-knowledge/knowledge-queries.js';
import type { KnowledgeParameters } from '../../apps/server/src/modules/site-knowledge/parameters.js';
import type { BackgroundFrequencies } from '../../apps/server/src/modules/site-knowledge/term-vectors.js';
import { buildIndexes, type Dataset } from '../../apps/server/test/site-knowledge/understanding-eval.js';

/*
 * The duplicate check as generation and publishing ask it: with a whole article (title, headings,
 * body), not a one-line topic. The labelled duplicate cases are topics with a summary; the link and
 * category cases are whole new articles (86–277 words) written beside the site's posts, none of
 * them a post the site has. How many of those the check calls duplicates is its false refusals at
 * publishing (a lower bound: none of them is labelled for duplicates, only written as new).
 */
export function fullArticleDuplicates(
  dataset: Dataset,
  parameters: KnowledgeParameters,
  background: BackgroundFrequencies | null,
): { flagged: number; total: number; examples: string[] } {
  const indexes = buildIndexes(dataset, parameters, undefined, background);
  const all = [...indexes.values()];
  const titles = new Map(dataset.posts.map((post) => [`post:${post.id}`, post.title]));
  let flagged = 0;
  let total = 0;
  const examples: string[] = [];
  for (const c of [...dataset.links, ...dataset.categories]) {
    const own = indexes.get(c.site);
    if (!own) continue;
    const sections = htmlSections(c.html);
    const query = { title: c.title, headings: sections.headings, body: sections.body };
    const [best] = similarIn([own, ...all.filter((index) => index !== own)], query, 1, parameters);
    total++;
    if (best?.duplicate) {
      flagged++;
      if (examples.length < 3) examples.push(`"${c.title}" ~ "${titles.get(best.doc.key)}" ${best.score.toFixed(2)}`);
    }
  }
  return { flagged, total, examples };
}
