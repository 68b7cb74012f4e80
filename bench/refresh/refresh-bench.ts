import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../apps/server/src/db/client.js';
import { OutboundHttp } from '../../apps/server/src/lib/outbound/index.js';
import { DEFAULT_LINK_CHECK_OPTIONS, isDead, LinkChecker } from '../../apps/server/src/modules/refresh/link-checker.js';
import { RefreshRepository } from '../../apps/server/src/modules/refresh/refresh.repository.js';
import { RefreshService } from '../../apps/server/src/modules/refresh/refresh.service.js';
import type { RefreshInventoryRow } from '../../apps/server/src/modules/site-inventory/site-inventory.repository.js';
import type { Scenario } from '../scenario.js';
import { benchSitesSql, seedEmbeddedDatabase } from '../seed-database.js';
import { proposalFigures } from './proposal-bench.js';

const POSTS = 5_000;
const LINKS = 10_000;
const HOSTS = 10;
/** Posts the proposal figures are measured on (in memory). */
const PROPOSAL_POSTS = 1_000;
const WORDS =
  'kettle water boil filter scale lid spout handle steel glass jug brew tea cup heat switch base cord'.split(' ');

/** Peak resident memory while `work` runs (sampled every 20 ms), and the heap it left. */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; peakRssMb: number; heapMb: number }> {
  const before = process.memoryUsage();
  let peak = before.rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      result,
      ms,
      peakRssMb: (peak - before.rss) / 1_048_576,
      heapMb: (process.memoryUsage().heapUsed - before.heapUsed) / 1_048_576,
    };
  } finally {
    clearInterval(timer);
  }
}

/** 5,000 posts of about 600 words, a third with a past year, each with two links (one internal). */
function posts(siteUrl: string, linkBase: string): RefreshInventoryRow[] {
  let x = 7;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x;
  };
  return Array.from({ length: POSTS }, (_, i) => {
    const words = Array.from({ length: 200 + (next() % 800) }, () => WORDS[next() % WORDS.length]).join(' ');
    const year = i % 3 === 0 ? ' The best kettles in 2024 are quiet.' : ' We have sold kettles since 2019.';
    return {
      wpId: i + 1,
      title: `Kettle note ${i + 1}`,
      link: `${siteUrl}/kettle-note-${i + 1}/`,
      publishedAt: new Date(Date.UTC(2019 + (i % 7), i % 12, 1)),
      modifiedAt: new Date(Date.UTC(2019 + (i % 7), i % 12, 2)),
      headings: 'Choosing\nCleaning',
      body: `${words}.${year}`,
      links: [`${siteUrl}/kettle-note-${1 + (next() % POSTS)}/`, `${linkBase}/page-${i % 2_000}`],
    };
  });
}

async function startServers(): Promise<{ servers: Server[]; origins: string[] }> {
  const servers: Server[] = [];
  for (let i = 0; i < HOSTS; i++) {
    const server = createServer((request, response) => {
      const n = Number(/(\d+)$/.exec(request.url ?? '')?.[1] ?? 0);
      // 5 % gone, 5 % refusing HEAD, the rest alive; a body the checker never reads.
      const status = n % 20 === 0 ? 404 : n % 20 === 1 && request.method === 'HEAD' ? 405 : 200;
      response.writeHead(status, { 'content-type': 'text/html' });
      response.end(request.method === 'HEAD' ? undefined : 'x'.repeat(32 * 1024));
    });
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  return { servers, origins: servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`) };
}

async function run(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-bench-refresh-'));
  const figures: Record<string, string> = {};
  const { servers, origins } = await startServers();
  const http = new OutboundHttp();
  try {
    await seedEmbeddedDatabase(dataDir, benchSitesSql(1));
    const handle = await openPglite(path.join(dataDir, 'db'));
    try {
      const siteUrl = 'https://site-1.example';
      const inventory = posts(siteUrl, origins[0]!);
      const checker = new LinkChecker(http, { ...DEFAULT_LINK_CHECK_OPTIONS, timeoutMs: 5_000 });
      const service = new RefreshService(new RefreshRepository(handle.db), checker, {
        inventory: { postsForRefresh: async () => inventory },
        sites: { findOrThrow: async (id) => ({ id, url: siteUrl }) },
      });
      const scored = await measured(() => service.score(1));
      figures[`score ${POSTS.toLocaleString('en')} posts (read, score, store)`] =
        `${Math.round(scored.ms)} ms (${scored.result} scored)`;
      figures['  memory: peak RSS growth / heap left'] =
        `${scored.peakRssMb.toFixed(0)} MB / ${scored.heapMb.toFixed(0)} MB`;

      // The app's outbound rule as it is: each link's own origin counts as entered (loopback allowed there).
      const links = Array.from({ length: LINKS }, (_, i) => {
        const origin = origins[i % HOSTS]!;
        return { url: `${origin}/page-${i}`, entered: origin };
      });
      const checked = await measured(() => checker.checkAll(links));
      const dead = checked.result.filter(isDead).length;
      figures[`check ${LINKS.toLocaleString('en')} links on loopback (${HOSTS} hosts)`] =
        `${Math.round(checked.ms)} ms, ${Math.round(LINKS / (checked.ms / 1000))} links/s, ${dead} dead (expected ${LINKS / 20})`;
      figures['  concurrency overall / per host'] =
        `${DEFAULT_LINK_CHECK_OPTIONS.concurrency} / ${DEFAULT_LINK_CHECK_OPTIONS.perHost}`;
      figures['  memory: peak RSS growth / heap left'] =
        `${checked.peakRssMb.toFixed(0)} MB / ${checked.heapMb.toFixed(0)} MB`;
      const saved = await measured(() => new RefreshRepository(handle.db).saveChecks(checked.result));
      figures[`store ${LINKS.toLocaleString('en')} results in the cache`] = `${Math.round(saved.ms)} ms`;
      Object.assign(figures, proposalFigures(PROPOSAL_POSTS));
    } finally {
      await handle.close();
    }
  } finally {
    await http.close();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

export const refreshScenario: Scenario = {
  name: 'refresh',
  description: `refresh scores of ${POSTS.toLocaleString('en')} posts and a check of ${LINKS.toLocaleString('en')} links on loopback (embedded database, in process)`,
  run,
};
