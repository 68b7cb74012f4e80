import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type ServerProcess, spawnServer } from '../process/spawn-server.js';
import { createScratchPostgresDatabase } from '../test-database.js';
import { holdRealWordPress, listDirect, realClient, realSite, runId } from '../wordpress/real-site.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const wp = realSite('normal');
if (adminUrl && !wp) {
  const message =
    'WP_URL, WP_USER, WP_APP_PASSWORD not set: start the test WordPress with `eval "$(bash scripts/wordpress-test-site.sh)"`.';
  if (process.env.CI) throw new Error(message);
  console.warn(`[real WordPress] skipping the multi-worker scheduler test: ${message}`);
}

interface WpListedPost {
  id: number;
  status: string;
}

// Runs in the PostgreSQL pass (scripts/test-postgres.sh sets TEST_DATABASE_URL) with the real WordPress.
describe.skipIf(!adminUrl || !wp)('PostgreSQL: two worker processes race one due configuration', () => {
  const procs: ServerProcess[] = [];
  let web: ServerProcess;
  let db: pg.Client;
  let boss: PgBoss;
  const topic = `Multi worker compost ${runId}`;
  holdRealWordPress();

  beforeAll(async () => {
    const url = await createScratchPostgresDatabase(adminUrl!);
    const env = {
      DATABASE_URL: url,
      ADMIN_PASSWORD: 'pg-mode-password',
      APP_SECRET: 's'.repeat(48),
      DATA_DIR: '/tmp/abp-pg-unused',
      TZ: 'UTC',
    };
    [web] = await Promise.all([spawnServer(env, ['--role=web'])]);
    procs.push(web);
    procs.push(...(await Promise.all([spawnServer(env, ['--role=worker']), spawnServer(env, ['--role=worker'])])));
    db = new pg.Client({ connectionString: url });
    await db.connect();
    boss = new PgBoss({ connectionString: url, schedule: false, supervise: false, migrate: false, max: 2 });
    boss.on('error', () => undefined);
    await boss.start();
  }, 180_000);

  afterAll(async () => {
    const posts = wp
      ? ((await listDirect(
          wp,
          `wp/v2/posts?search=${encodeURIComponent(runId)}&status=publish,draft&per_page=50`,
        ).catch(() => [])) as WpListedPost[])
      : [];
    for (const post of posts)
      await realClient(wp!)
        .posts.delete(post.id)
        .catch(() => undefined);
    await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
    await db?.end().catch(() => undefined);
    await Promise.all(procs.map((p) => p.stop('SIGTERM')));
  });

  it('produces one slot, one article and one WordPress post', async () => {
    const call = httpClient(web.port);
    expect((await call('POST', '/api/auth/login', { password: 'pg-mode-password' })).status).toBe(200);
    const site = await call<{ id: number }>('POST', '/api/sites', {
      name: `Multi ${runId}`,
      url: wp!.url,
      username: wp!.user,
      password: wp!.password,
    });
    expect(site.status).toBe(201);
    const config = await call<{ id: number }>('POST', '/api/config', {
      site_id: site.json.id,
      topics: [topic],
      posting_interval_min: 24,
      posting_interval_max: 24,
      post_status: 'draft',
      word_count: 500,
    });
    expect(config.status).toBe(201);

    // Due now, to the microsecond (the claim compares the exact stored value).
    await db.query(`update blog_configs set next_post_at = now() - interval '1 second' where id = $1`, [
      config.json.id,
    ]);
    // Many ticks at once besides the cron's: both workers run the claim at the same time.
    await Promise.all(Array.from({ length: 20 }, () => boss.send('scheduler.tick', {})));

    const deadline = Date.now() + 120_000;
    let outcome = '';
    while (Date.now() < deadline) {
      const { rows } = await db.query<{ outcome: string }>('select outcome from scheduler_log where config_id = $1', [
        config.json.id,
      ]);
      outcome = rows[0]?.outcome ?? '';
      if (['posted', 'failed', 'skipped'].includes(outcome)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(outcome).toBe('posted');
    // The slot's article was a unit of the article pipeline; duplicated entries for it, picked up by
    // both workers at once, find it owned by another entry (and finished) and do nothing.
    const [slot] = (
      await db.query<{ id: number }>('select id from scheduler_log where config_id = $1', [config.json.id])
    ).rows;
    const originKey = `schedule-slot:${slot!.id}`;
    await Promise.all(Array.from({ length: 6 }, () => boss.send('article.produce', { originKey })));
    // Let any late tick or duplicate job finish before counting.
    const ticksLeft = async () =>
      (
        await db.query(
          `select count(*)::int as n from pgboss.job where (name like 'scheduler.%' or name = 'article.produce') and state in ('created', 'retry', 'active')`,
        )
      ).rows[0].n as number;
    while ((await ticksLeft()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));

    const slots = await db.query('select * from scheduler_log where config_id = $1', [config.json.id]);
    expect(slots.rows).toHaveLength(1);
    const units = await db.query('select origin_key, state, result, attempts from article_productions');
    expect(units.rows).toEqual([{ origin_key: originKey, state: 'finished', result: 'succeeded', attempts: 1 }]);
    const made = await db.query<{ id: number; wordpress_post_id: number }>(
      `select id, wordpress_post_id from articles where origin = 'schedule'`,
    );
    expect(made.rows).toHaveLength(1);
    const posts = (await listDirect(
      wp!,
      `wp/v2/posts?search=${encodeURIComponent(runId)}&status=publish,draft&per_page=50`,
    )) as WpListedPost[];
    expect(posts.map((p) => p.id)).toEqual([made.rows[0]!.wordpress_post_id]);
    expect(posts[0]!.status).toBe('draft');
  }, 180_000);
});
