import { type KnowledgeParameters, withParameters } from '../../apps/server/src/modules/site-knowledge/parameters.js';
import type { BackgroundFrequencies } from '../../apps/server/src/modules/site-knowledge/term-vectors.js';
import {
  buildIndexes,
  type Dataset,
  type DuplicateOutcome,
  duplicateScores,
  evaluate,
  type Figures,
} from '../../apps/server/test/site-knowledge/understanding-eval.js';

/*
 * Leave-one-site-out: every number the bench fits (duplicate threshold, background weight and title
 * share; trend thresholds; category name weight and vote share) is fitted on four sites' cases and
 * scored on the fifth's, for each site in turn; the held-out predictions are pooled. Next to the
 * in-sample figures (fitted on all five) it tells how much of a gain is fitting to these cases: the
 * issue's own evaluation uses a site that is not in the repo.
 */

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

interface Fold<T> {
  choice: T;
  label: string;
}

/** Fits on the training cases (`score` higher is better) and returns the held-out site's choice. */
function fit<T>(options: T[], score: (option: T, training: (site: string) => boolean) => number, held: string): T {
  let best = options[0] as T;
  let bestScore = -Infinity;
  for (const option of options) {
    const value = score(option, (site) => site !== held);
    if (value > bestScore + 1e-9) {
      bestScore = value;
      best = option;
    }
  }
  return best;
}

const THRESHOLDS = Array.from({ length: 81 }, (_, i) => 0.1 + i * 0.01);

export function leaveOneSiteOut(
  dataset: Dataset,
  parameters: KnowledgeParameters,
  background: BackgroundFrequencies | null,
  label: string,
  /** false: duplicates only (trends and categories do not use the background). */
  all = true,
  /** The coverage shares tried for duplicates ([0]: the cosine alone, as before coverage). */
  coverageShares: readonly number[] = [0, 0.5, 0.7, 0.8],
): Record<string, string> {
  const out: Record<string, string> = {};
  const sites = dataset.sites.map((site) => site.id);
  const siteOf = new Map<string, string>();
  for (const c of [...dataset.duplicates, ...dataset.trends, ...dataset.categories]) siteOf.set(c.id, c.site);
  const run = (p: KnowledgeParameters): Figures =>
    evaluate(dataset, buildIndexes(dataset, p, undefined, background), p);

  // Duplicates: the best recall at precision ≥ 0.9 on the training sites (else the best F1).
  const dupGrid: Array<{
    backgroundWeight: number;
    titleShare: number;
    coverageShare: number;
    outcomes: DuplicateOutcome[];
  }> = [];
  for (const backgroundWeight of background ? [0, 0.3, 0.5, 0.7] : [0])
    for (const titleShare of [0.15, 0.3])
      for (const coverageShare of coverageShares) {
        const p = withParameters({ duplicate: { backgroundWeight, titleShare, coverageShare } });
        dupGrid.push({ backgroundWeight, titleShare, coverageShare, outcomes: run(p).duplicates.outcomes });
      }
  type DupOption = { grid: (typeof dupGrid)[number]; threshold: number };
  const dupOptions: DupOption[] = dupGrid.flatMap((grid) => THRESHOLDS.map((threshold) => ({ grid, threshold })));
  const dupScore = (option: DupOption, training: (site: string) => boolean) => {
    const { precision, recall } = duplicateScores(
      option.grid.outcomes.filter((o) => training(siteOf.get(o.id)!)),
      option.threshold,
    );
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return precision >= 0.9 ? 1 + recall : f1;
  };
  const describeDup = (o: DupOption) =>
    `bg ${o.grid.backgroundWeight}, title ${o.grid.titleShare}, coverage ${o.grid.coverageShare}, t ${o.threshold.toFixed(2)}`;
  const pooled: DuplicateOutcome[] = [];
  const dupFolds: string[] = [];
  for (const held of sites) {
    const option = fit(dupOptions, dupScore, held);
    dupFolds.push(`${held}: ${describeDup(option)}`);
    for (const o of option.grid.outcomes)
      if (siteOf.get(o.id) === held) pooled.push({ ...o, score: o.score >= option.threshold ? 1 : 0 });
  }
  const inSample = fit(dupOptions, dupScore, '');
  const inFigures = duplicateScores(inSample.grid.outcomes, inSample.threshold);
  const loso = duplicateScores(pooled, 0.5);
  out[`${label}: fitted duplicates P / R in-sample`] =
    `${pct(inFigures.precision)} / ${pct(inFigures.recall)} (${describeDup(inSample)})`;
  out[`${label}: fitted duplicates P / R leave-one-site-out`] =
    `${pct(loso.precision)} / ${pct(loso.recall)} (${dupFolds.join('; ')})`;

  if (!all) return out;

  // Trends: the fit threshold and the site-vocabulary floor, on the scores of one run.
  const trends = run(parameters).trends.outcomes;
  type TrendOption = { threshold: number; minSiteScore: number };
  const trendOptions: TrendOption[] = [];
  for (let t = 0.1; t <= 0.6001; t += 0.05)
    for (let m = 0.3; m <= 0.9001; m += 0.05) trendOptions.push({ threshold: t, minSiteScore: m });
  const trendRight = (option: TrendOption, o: (typeof trends)[number]) =>
    (o.score >= option.threshold && (o.siteScore === null ? o.topicScore > 0 : o.siteScore >= option.minSiteScore)) ===
    o.fits;
  const trendScore = (option: TrendOption, training: (site: string) => boolean) =>
    trends.filter((o) => training(siteOf.get(o.id)!) && trendRight(option, o)).length;
  let trendHeld = 0;
  const trendFolds: string[] = [];
  for (const held of sites) {
    const option = fit(trendOptions, trendScore, held);
    trendFolds.push(`${held}: ${option.threshold.toFixed(2)}/${option.minSiteScore.toFixed(2)}`);
    trendHeld += trends.filter((o) => siteOf.get(o.id) === held && trendRight(option, o)).length;
  }
  const trendIn = fit(trendOptions, trendScore, '');
  out[`${label}: fitted trend accuracy in-sample`] =
    `${pct(trendScore(trendIn, () => true) / trends.length)} (threshold ${trendIn.threshold.toFixed(2)}, site floor ${trendIn.minSiteScore.toFixed(2)})`;
  out[`${label}: fitted trend accuracy leave-one-site-out`] =
    `${pct(trendHeld / trends.length)} (${trendFolds.join('; ')})`;

  // Categories: the category name's weight and the winner's minimum share of the votes.
  const catOptions: Array<Fold<Set<string>>> = [];
  for (const nameWeight of [0.25, 0.5, 1])
    for (const minShare of [0, 0.25])
      for (const centroidWeight of [0, 1, 2]) {
        const figures = run(withParameters({ category: { nameWeight, minShare, centroidWeight } }));
        const misses = new Set(figures.categories.misses);
        catOptions.push({
          choice: new Set(dataset.categories.filter((c) => !misses.has(c.id)).map((c) => c.id)),
          label: `name ${nameWeight}, share ${minShare}, centroid ${centroidWeight}`,
        });
      }
  const catScore = (option: Fold<Set<string>>, training: (site: string) => boolean) =>
    [...option.choice].filter((id) => training(siteOf.get(id)!)).length;
  let catHeld = 0;
  const catFolds: string[] = [];
  for (const held of sites) {
    const option = fit(catOptions, catScore, held);
    catFolds.push(`${held}: ${option.label}`);
    catHeld += [...option.choice].filter((id) => siteOf.get(id) === held).length;
  }
  const catIn = fit(catOptions, catScore, '');
  out[`${label}: fitted category accuracy in-sample`] =
    `${pct(catScore(catIn, () => true) / dataset.categories.length)} (${catIn.label})`;
  out[`${label}: fitted category accuracy leave-one-site-out`] =
    `${pct(catHeld / dataset.categories.length)} (${catFolds.join('; ')})`;
  return out;
}
