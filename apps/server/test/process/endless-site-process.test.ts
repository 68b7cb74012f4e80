import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InventoryList, InventorySummary } from '@abp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { EndlessWordPress } from '../site-inventory/endless-wordpress.js';
import { httpClient, type ServerProcess, spawnServer } from './spawn-server.js';

const PASSWORD = 'correct horse battery staple';
const MAX_POSTS = 1_000;

/** The process' resident memory, in MB (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function dirMb(dir: string): number {
  return Number(execFileSync('du', ['-sk', dir]).toString().split('\t')[0]) / 1024;
}

/**
 * The real server against a site that never ends: every page 100 new posts, 99,999,999 pages
 * claimed (X-WP-Total 9,999,999,900: beyond a 32-bit integer, as WordPress would compute it).
 */
describe('the real process syncing a WordPress that never ends', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-endless-'));
  let server: ServerProcess | undefined;
  let wp: EndlessWordPress | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await wp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops at INVENTORY_MAX_POSTS, says why on the Sites screen, and keeps the posts it read listed and counted', async () => {
    wp = await EndlessWordPress.start();
    server = await spawnServer({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      INVENTORY_MAX_POSTS: String(MAX_POSTS),
      INVENTORY_SYNC_HOURS: '0',
    });
    const pid = server.child.pid!;
    const call = httpClient(server.port);
    expect((await call('POST', '/api/auth/login', { password: PASSWORD })).status).toBe(200);
    const before = { rss: rssMb(pid), dir: dirMb(dataDir) };

    const created = await call<{ id: number }>('POST', '/api/sites', {
      name: 'Endless',
      url: wp.url,
      username: 'admin',
      password: 'abcd efgh ijkl mnop qrst uvwx',
    });
    expect(created.status).toBe(201);
    const siteId = created.json.id;
    expect((await call('POST', `/api/sites/${siteId}/inventory/sync`)).status).toBe(202);

    let summary: InventorySummary | undefined;
    let peakRss = before.rss;
    for (const deadline = Date.now() + 90_000; ; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      peakRss = Math.max(peakRss, rssMb(pid));
      const list = (await call<InventorySummary[]>('GET', '/api/sites/inventory')).json;
      summary = list.find((s) => s.site_id === siteId);
      if (summary && summary.state !== 'queued' && summary.state !== 'running') break;
      if (Date.now() > deadline) throw new Error(`the sync did not end: ${JSON.stringify(summary)}`);
    }

    // Ended by the cap, with the reason the Sites screen shows, and what it read counted.
    expect(summary).toMatchObject({
      state: 'partial',
      posts: MAX_POSTS,
      // The site's one page is read after the posts stopped.
      pages: 1,
      fetched: MAX_POSTS + 1,
      error: 'The site reports more than 1,000 posts; raise INVENTORY_MAX_POSTS to sync more.',
    });
    expect(summary.last_synced_at).not.toBeNull();
    // Ten pages of 100 read, not one more.
    expect(wp.requests.get('posts')).toBe(MAX_POSTS / 100);
    // The posts read stay listed (the duplicate check and the internal links use them).
    const items = (await call<InventoryList>('GET', `/api/sites/${siteId}/inventory/items?kind=post&limit=100`)).json;
    expect(items.total).toBe(MAX_POSTS);
    expect(items.items[0]?.title).toMatch(/^Endless post \d+$/);

    const after = { rss: rssMb(pid), dir: dirMb(dataDir) };
    // Figures for the report, not assertions: they depend on the machine.
    console.log(
      `endless site, INVENTORY_MAX_POSTS=${MAX_POSTS}: ${summary.posts} posts; RSS ${before.rss.toFixed(0)} → peak ${peakRss.toFixed(0)} MB; ` +
        `data directory ${before.dir.toFixed(1)} → ${after.dir.toFixed(1)} MB`,
    );
  }, 150_000);
});
