import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, loadPgliteThread, rawQuery } from '../../src/db/client.js';
import { inputSqlState, isUniqueViolation } from '../../src/db/pg-errors.js';
import { sites } from '../../src/db/schema/index.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { bulkPayload, isFinal, jobResults, startedJob, waitForJob } from '../bulk-jobs/bulk-helpers.js';
import { createSite, siteBody } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The server runs the embedded database in a worker thread of its own (db/pglite-thread.ts): the
 * thread that answers requests only sends statements and receives rows. What must hold across the
 * thread boundary: one session, so a transaction has it to itself; errors keep their SQLSTATE (the
 * app maps 23505 to a 409); notifications reach pg-boss; and requests are answered while a long
 * statement runs.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database in its own thread', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await loadPgliteThread(fs.readFileSync(inject('pgliteTemplate')));
    await rawQuery(handle, 'CREATE TABLE thread_probe (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
  });
  afterAll(() => handle?.close());

  const embedded = () => {
    if (handle.driver !== 'pglite') throw new Error('expected the embedded database');
    return handle.pglite;
  };

  it('gives a transaction the session to itself: a statement sent meanwhile runs after it ended', async () => {
    let outside: Promise<number> | null = null;
    await expect(
      embedded().transaction(async (tx) => {
        await tx.query('INSERT INTO thread_probe (id) VALUES (1)');
        // Sent while the transaction is open: on the one session it would see the uncommitted row.
        outside = embedded()
          .query<{ n: number }>('SELECT count(*)::int AS n FROM thread_probe')
          .then((result) => result.rows[0]!.n);
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll it back');
      }),
    ).rejects.toThrow('roll it back');
    expect(await outside!).toBe(0);
    await embedded().transaction(async (tx) => {
      await tx.query('INSERT INTO thread_probe (id) VALUES (2)');
    });
    expect((await rawQuery<{ n: number }>(handle, 'SELECT count(*)::int AS n FROM thread_probe'))[0]!.n).toBe(1);
  });

  it('runs a statement asked for before a transaction outside it, even when both are asked for at once', async () => {
    const statement = embedded().query('INSERT INTO thread_probe (id) VALUES (100)');
    const transaction = embedded().transaction(async (tx) => {
      await tx.query('INSERT INTO thread_probe (id) VALUES (101)');
      throw new Error('roll it back');
    });
    await statement;
    await expect(transaction).rejects.toThrow('roll it back');
    const ids = await rawQuery<{ id: number }>(handle, 'SELECT id FROM thread_probe WHERE id >= 100 ORDER BY id');
    expect(ids.map((row) => row.id)).toEqual([100]);
  });

  it('refuses a parser that cannot cross to the thread, and still sends what waited behind it', async () => {
    const transaction = embedded().transaction(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    const refused = embedded().query('SELECT now() AS at', [], {
      parsers: { 1184: (value: string) => new Date(value) },
    });
    const after = embedded().query<{ one: number }>('SELECT 1 AS one');
    await transaction;
    await expect(refused).rejects.toThrow('cannot run in the embedded database thread');
    expect((await after).rows[0]!.one).toBe(1);
  });

  it('keeps a database error’s code and constraint, so a duplicate is still a 409 and not a 500', async () => {
    await rawQuery(handle, 'INSERT INTO thread_probe (id) VALUES (10)');
    const error = await rawQuery(handle, 'INSERT INTO thread_probe (id) VALUES (10)').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    expect(isUniqueViolation(error)).toBe(true);
    // The session is usable afterwards.
    expect((await rawQuery<{ one: number }>(handle, 'SELECT 1 AS one'))[0]!.one).toBe(1);
  });

  it('keeps the code of an error raised on a drizzle query (whose options hold functions), so bad input is a 400', async () => {
    // drizzle sends type parsers with every select; the error PGlite raises carries those options.
    const error = await handle.db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.id, 2 ** 31))
      .catch((caught: unknown) => caught);
    expect(inputSqlState(error)).toBe('22003');
    expect(String((error as Error).cause)).toContain('out of range for type integer');
  });

  it('delivers notifications to listeners (pg-boss is woken by them)', async () => {
    const heard: string[] = [];
    const stop = await embedded().listen('probe_channel', (payload) => heard.push(payload));
    await embedded().query("SELECT pg_notify('probe_channel', 'hello')");
    await expect.poll(() => heard).toEqual(['hello']);
    await stop();
    await embedded().query("SELECT pg_notify('probe_channel', 'again')");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['hello']);
  });

  it('leaves this thread free while a long statement runs', async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await rawQuery(handle, 'SELECT count(*) FROM generate_series(1, 1000000)');
    running = false;
    // On the same thread the statement would hold the event loop for its whole length (0–1 turns).
    expect(turns).toBeGreaterThan(20);
  });

  it('refuses statements once closed, with a clear error', async () => {
    const other = await loadPgliteThread(fs.readFileSync(inject('pgliteTemplate')));
    await other.close();
    await expect(rawQuery(other, 'SELECT 1')).rejects.toThrow('the embedded database is closed');
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the app on the embedded database thread', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ databaseThread: true });
    cookie = await t.login();
  });
  afterAll(() => t?.close());

  it('runs a bulk job through the queue to WordPress, and answers a second site at the same address with its 409', async () => {
    const wordpress = useFakeWordPress(t);
    const site = await createSite(t, cookie, { name: 'Thread Garden' });
    const jobId = await startedJob(
      t,
      cookie,
      bulkPayload(site.id, 'Compost basics\nRaised beds', { publishStatus: 'publish' }),
    );
    const { job } = await waitForJob(t, cookie, jobId, isFinal);
    expect(job).toMatchObject({ status: 'completed', progress: { processed: 2, successful: 2, failed: 0 } });
    const results = await jobResults(t, cookie, jobId);
    for (const item of results.results.successful) {
      expect(wordpress.store.posts.get(item.wordpress_post_id!)?.status).toBe('publish');
    }
    // Dates come back as dates (drizzle's text parsers cross the thread as type ids).
    const articles = await t.request({ method: 'GET', url: '/api/articles?limit=10', cookie });
    expect(articles.statusCode).toBe(200);
    const items = articles.json<{ items: { created_at: string }[] }>().items;
    expect(items).toHaveLength(2);
    for (const item of items) expect(Number.isNaN(Date.parse(item.created_at))).toBe(false);
    const again = await t.request({ method: 'POST', url: '/api/sites', cookie, payload: siteBody({ name: 'Again' }) });
    expect(again.statusCode, again.body).toBe(409);
  }, 60_000);
});
