import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ArticleTableMaintenance } from '../../apps/server/src/modules/articles/table-maintenance.js';
import type { Scenario } from '../scenario.js';
import { benchSitesSql, seedEmbeddedDatabase } from '../seed-database.js';
import { loginCookie, startBenchServer } from '../server-process.js';

const ARTICLES = 100_000;
const SITES = 20;
const WARMUP = 20;
const SAMPLES = 200;
const TARGET_P95_MS = 50;

/** Fills the embedded database the way years of use would: 20 sites, 100,000 articles over ~2 years. */
function seed(dataDir: string): Promise<number> {
  return seedEmbeddedDatabase(
    dataDir,
    `${benchSitesSql(SITES)}
    INSERT INTO articles (site_id, site_name, title, content, status, keywords, source_urls, task_type, word_count, created_at, updated_at)
      SELECT 1 + (i % ${SITES}), 'Site ' || (1 + (i % ${SITES})),
             'Article ' || i || ': ' || md5(i::text),
             '<h2>' || md5(i::text) || '</h2>' || repeat('<p>' || md5((i * 7)::text) || ' lorem ipsum dolor sit amet.</p>', 40),
             (ARRAY['draft','review','published','scheduled','failed'])[1 + ((i * 7) % 5)],
             jsonb_build_array('keyword ' || (i % 50), 'keyword ' || (i % 13), 'keyword ' || (i % 7)),
             CASE WHEN i % 3 = 0 THEN jsonb_build_array('https://news.example/' || i) ELSE '[]'::jsonb END,
             'Blog Post', 1500,
             now() - ((${ARTICLES} - i) * interval '10 minutes'), now()
      FROM generate_series(1, ${ARTICLES}) AS i;`,
    // What the server's maintenance does on the embedded database after writes.
    (_pglite, handle) => new ArticleTableMaintenance(handle).runIfChanged(),
  );
}

export async function measure(url: string, cookie: string): Promise<{ p50: number; p95: number; max: number }> {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: times.at(-1)! };
}

export const articlesScenario: Scenario = {
  name: 'articles',
  description: `GET /api/articles and /api/dashboard with ${ARTICLES.toLocaleString('en')} articles on ${SITES} sites (embedded database, built server over HTTP, ${SAMPLES} sequential requests each)`,
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-bench-articles-'));
    try {
      const seedMs = await seed(dataDir);
      const server = await startBenchServer({ DATA_DIR: dataDir });
      try {
        const cookie = await loginCookie(server.url);
        const endpoints: Array<[string, string]> = [
          ['GET /api/articles first page', '/api/articles?limit=10&offset=0'],
          [
            'GET /api/articles filtered page',
            '/api/articles?site_id=7&status=published&source_type=manual&limit=25&offset=50',
          ],
          ['GET /api/articles deep page (offset 90000)', '/api/articles?limit=10&offset=90000'],
          ['GET /api/dashboard', '/api/dashboard'],
        ];
        const figures: Record<string, string | number> = {
          'seed 100k articles (+ vacuum/analyze)': `${Math.round(seedMs)} ms`,
        };
        const misses: string[] = [];
        for (const [label, url] of endpoints) {
          const { p50, p95, max } = await measure(`${server.url}${url}`, cookie);
          figures[`${label} p50 / p95 / max`] = `${p50.toFixed(1)} / ${p95.toFixed(1)} / ${max.toFixed(1)} ms`;
          if (p95 >= TARGET_P95_MS) misses.push(label);
        }
        figures[`target p95 < ${TARGET_P95_MS} ms`] = misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`;
        return figures;
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
