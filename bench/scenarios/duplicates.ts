import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentFingerprint } from '../../apps/server/src/lib/text/near-duplicate.js';
import { ContentFingerprintsRepository } from '../../apps/server/src/modules/publishing/content-fingerprints.repository.js';
import { DuplicateContentCheck } from '../../apps/server/src/modules/publishing/duplicate-content.js';
import type { Scenario } from '../scenario.js';
import { benchSitesSql, seedEmbeddedDatabase } from '../seed-database.js';

const SITES = 20;
const ARTICLES = 100_000;
const PROBES = 200;
const WORDS =
  'soil compost water root seed leaf garden bed mulch prune harvest tomato squash basil rose frost sun shade worm path fence pot tray drip hose'.split(
    ' ',
  );

/** A body of about 800 words, different for each seed. */
function body(seed: number): string {
  // mulberry32: 32-bit arithmetic, so every seed gives its own sequence.
  let x = seed + 0x6d2b79f5;
  const next = () => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const paragraphs = Array.from(
    { length: 10 },
    () => `<p>${Array.from({ length: 80 }, () => WORDS[next() % WORDS.length]).join(' ')}.</p>`,
  );
  return `<h2>Part ${seed}</h2>${paragraphs.join('')}`;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * The publish-time near-duplicate check with 100,000 published articles fingerprinted (random
 * signatures, as unrelated texts have), half of the probes having a real near-duplicate among them.
 */
async function checkLatency(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-bench-duplicates-'));
  const figures: Record<string, string> = {};
  try {
    const seedMs = await seedEmbeddedDatabase(
      dataDir,
      `${benchSitesSql(SITES)}
      INSERT INTO articles (site_id, site_name, title, status, wordpress_post_id)
        SELECT 1 + i % ${SITES}, 'Site ' || (1 + i % ${SITES}), 'Article ' || i, 'published', i FROM generate_series(1, ${ARTICLES}) AS i;
      INSERT INTO article_fingerprints (article_id, signature, bands)
        SELECT a.id,
               -- WHERE a.id > 0 correlates the subqueries, so each row gets its own random values.
               (SELECT jsonb_agg(floor(random() * 4294967295)::bigint) FROM generate_series(1, 128) WHERE a.id > 0),
               ARRAY(SELECT b * 281474976710656::bigint + floor(random() * 281474976710655)::bigint FROM generate_series(0, 15) AS b WHERE a.id > 0)
        FROM articles a;`,
      async (pglite, handle) => {
        await pglite.exec('VACUUM ANALYZE');
        const repo = new ContentFingerprintsRepository(handle.db);
        const check = new DuplicateContentCheck(repo);
        // Half of the probes have a near-duplicate already published (on another site).
        for (let i = 0; i < PROBES / 2; i++) await repo.save(ARTICLES - i, contentFingerprint(body(i))!);
        const times: number[] = [];
        let found = 0;
        const fingerprintTimes: number[] = [];
        for (let i = 0; i < PROBES; i++) {
          const content = body(i);
          const f0 = performance.now();
          contentFingerprint(content);
          fingerprintTimes.push(performance.now() - f0);
          const t0 = performance.now();
          const findings = await check.find({ id: 1, siteId: 1, content });
          times.push(performance.now() - t0);
          if (findings.otherSite || findings.sameSite) found++;
        }
        times.sort((a, b) => a - b);
        fingerprintTimes.sort((a, b) => a - b);
        figures[`check (fingerprint + candidates + compare) p50 / p95`] =
          `${percentile(times, 0.5).toFixed(1)} / ${percentile(times, 0.95).toFixed(1)} ms`;
        figures['of which fingerprinting an 800-word body p50'] = `${percentile(fingerprintTimes, 0.5).toFixed(1)} ms`;
        figures['near-duplicates found'] = `${found} of ${PROBES / 2} planted (and ${PROBES / 2} clean probes)`;
      },
    );
    return { [`seed ${ARTICLES.toLocaleString('en')} fingerprinted articles`]: `${Math.round(seedMs)} ms`, ...figures };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const duplicatesScenario: Scenario = {
  name: 'duplicates',
  description: `near-duplicate check at publish with ${ARTICLES.toLocaleString('en')} published articles fingerprinted (embedded database, in process)`,
  run: checkLatency,
};
