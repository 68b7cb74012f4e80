import { resembles, samenessBetween, shapePost } from '../../apps/server/src/lib/text/sameness.js';
import { sampleOfHtml } from '../../apps/server/src/modules/sameness/sameness.service.js';
import { LABELLED_PAIRS, type PostSpec, postHtml } from '../sameness/labelled-pairs.js';
import type { Scenario } from '../scenario.js';

const shape = (post: PostSpec) => shapePost(sampleOfHtml(post.title, postHtml(post)));
const pct = (value: number) => `${(value * 100).toFixed(0)}%`;

/** The sameness check (issue #33 §4) on a hand-labelled set of post pairs: does "resembles" mean "one template"? */
export const samenessScenario: Scenario = {
  name: 'sameness',
  description: 'sameness check on labelled post pairs (same template or not): precision and recall',
  async run() {
    let tp = 0;
    let fp = 0;
    const missed: string[] = [];
    const wrong: string[] = [];
    for (const pair of LABELLED_PAIRS) {
      const found = resembles(samenessBetween(shape(pair.a), shape(pair.b)));
      if (found && pair.sameTemplate) tp++;
      else if (found) {
        fp++;
        wrong.push(pair.name);
      } else if (pair.sameTemplate) {
        missed.push(pair.name);
      }
    }
    const positives = LABELLED_PAIRS.filter((pair) => pair.sameTemplate).length;
    return {
      'labelled pairs (same template / not)': `${LABELLED_PAIRS.length} (${positives} / ${LABELLED_PAIRS.length - positives})`,
      precision: tp + fp > 0 ? pct(tp / (tp + fp)) : 'n/a',
      recall: positives > 0 ? pct(tp / positives) : 'n/a',
      'missed (same template, not found)': missed.join('; ') || 'none',
      'false alarms': wrong.join('; ') || 'none',
    };
  },
};
