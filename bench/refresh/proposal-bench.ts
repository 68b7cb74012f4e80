import { mechanicalChanges } from '../../apps/server/src/modules/refresh/proposals.js';
import { mergeField } from '../../apps/server/src/modules/refresh/three-way-merge.js';

const WORDS =
  'kettle water boil filter scale lid spout handle steel glass jug brew tea cup heat switch base cord'.split(' ');

/**
 * Refresh proposals in memory (no network, no database): N block-editor posts of about 800 words,
 * each with a dead link, a dated heading and two newer posts to link; the time to compute their
 * mechanical changes (propose), and to merge them into a copy a person edited in another paragraph (apply).
 */
export function proposalFigures(count: number): Record<string, string> {
  let x = 11;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x;
  };
  const today = new Date(Date.UTC(2026, 10, 28));
  const dead = 'https://gone.example/page';
  const posts = Array.from({ length: count }, (_, i) => {
    const paragraph = () =>
      `<!-- wp:paragraph -->\n<p>${Array.from({ length: 80 }, () => WORDS[next() % WORDS.length]).join(' ')}.</p>\n<!-- /wp:paragraph -->`;
    const content = [
      `<!-- wp:heading -->\n<h2 class="wp-block-heading">Best kettles of 2025</h2>\n<!-- /wp:heading -->`,
      paragraph(),
      `<!-- wp:paragraph -->\n<p>The <a href="${dead}">old review</a> covered descaling a kettle at home.</p>\n<!-- /wp:paragraph -->`,
      ...Array.from({ length: 8 }, paragraph),
      `<!-- wp:paragraph -->\n<p>Read about the glass kettle buying guide for more.</p>\n<!-- /wp:paragraph -->`,
    ].join('\n\n');
    return { wpId: i + 1, content };
  });
  const links = new Map([[dead, { kind: 'dead' as const, why: 'HTTP 404', finalUrl: null, checkedAt: today }]]);
  const newer = [
    { wpId: 90_001, title: 'Descaling a kettle at home', link: 'https://site.example/descale/' },
    { wpId: 90_002, title: 'Glass kettle buying guide', link: 'https://site.example/glass/' },
  ];

  const t0 = performance.now();
  const proposals = posts.map((post) => ({
    post,
    changes: mechanicalChanges({
      content: post.content,
      title: 'Kettles',
      link: `https://site.example/p${post.wpId}/`,
      today,
      links,
      newer,
    }),
  }));
  const proposeMs = performance.now() - t0;

  const t1 = performance.now();
  let applied = 0;
  for (const { post, changes } of proposals) {
    // A person's edit in another paragraph since the proposal.
    const theirs = post.content.replace('<p>', '<p>Edited by hand. ');
    const merged = mergeField(
      post.content,
      theirs,
      changes.map((change, i) => ({ id: `c${i}`, start: change.start, before: change.before, after: change.after })),
    );
    applied += merged.applied.length;
  }
  const applyMs = performance.now() - t1;
  const total = proposals.reduce((sum, p) => sum + p.changes.length, 0);
  return {
    [`propose ${count.toLocaleString('en')} posts (mechanical changes, in memory)`]: `${Math.round(proposeMs)} ms, ${total} changes (${(proposeMs / count).toFixed(2)} ms a post)`,
    [`apply ${count.toLocaleString('en')} proposals (three-way merge, an edit elsewhere)`]: `${Math.round(applyMs)} ms, ${applied} of ${total} changes applied (${(applyMs / count).toFixed(2)} ms a post)`,
  };
}
