import { manualGenerateResponseSchema } from '@abp/contracts';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { idempotencyKeys, operatorSessions } from '../../src/db/schema/index.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { articleCount, manualPayload } from '../manual/manual-helpers.js';
import { oldMigrationsFolder } from '../old-migrations.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';

/*
 * Issue #17 item 4: two clicks 237 ms apart on "Push to WordPress" made two articles and two
 * WordPress posts. The web app now sends one Idempotency-Key per form submission, and the server
 * does a POST once per key. Before the fix, the two requests below made two articles.
 */
let t: TestApp;
let cookie: string;
let wordpress: FakeWordPress;
let siteId: number;

const generate = (key: string | undefined, topic = 'Composting in small gardens') =>
  t.request({
    method: 'POST',
    url: '/api/manual/generate',
    payload: manualPayload(siteId, topic),
    cookie,
    headers: key ? { 'idempotency-key': key } : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  wordpress = useFakeWordPress(t);
  siteId = (await createSite(t, cookie, { name: 'Garden Blog' })).id;
});
afterAll(() => t.close());

describe('Idempotency-Key on create-type requests', () => {
  it('two submissions with one key, 237 ms apart, make one article and one post', async () => {
    const before = await articleCount(t);
    const first = generate('submission-0001');
    await new Promise((resolve) => setTimeout(resolve, 237));
    const second = generate('submission-0001');
    const answers = await Promise.all([first, second]);
    expect(await articleCount(t)).toBe(before + 1);
    expect(wordpress.store.posts.size).toBe(1);
    const [a, b] = answers;
    expect(a!.statusCode).toBe(200);
    // The second either waited for nothing (409 while the first runs) or got the first one's answer.
    if (b!.statusCode === 200) {
      expect(b!.headers['idempotent-replayed']).toBe('true');
      expect(b!.json()).toEqual(a!.json());
    } else {
      expect(b!.statusCode).toBe(409);
      expect(b!.json().error).toMatch(/already being processed/);
      expect(b!.headers['retry-after']).toBe('2');
    }
  });

  it('a request sent again with its key gets the first answer, not a second article', async () => {
    const before = await articleCount(t);
    const first = await generate('submission-0002', 'Raised beds for beginners');
    const again = await generate('submission-0002', 'Raised beds for beginners');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(manualGenerateResponseSchema.parse(again.json()).data.article_id).toBe(
      manualGenerateResponseSchema.parse(first.json()).data.article_id,
    );
    expect(await articleCount(t)).toBe(before + 1);
  });

  it('without a key, or with a new key, each request is done', async () => {
    const before = await articleCount(t);
    await generate(undefined, 'Mulch in winter');
    await generate('submission-0003', 'Mulch in winter');
    expect(await articleCount(t)).toBe(before + 2);
  });

  // Issue #31 changed the status of this refusal from 409 to 422 (409 stays "still being processed").
  it('a key reused for another request is refused (422), a malformed key is a 400 naming the header', async () => {
    const reused = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      headers: { 'idempotency-key': 'submission-0002' },
      payload: { name: 'x', url: 'https://x.example', username: 'u', password: 'abcd efgh ijkl mnop qrst uvwx' },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toMatch(/already used for another request/);
    const bad = await generate('short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('headers.idempotency-key');
  });

  it('a refused request (400 from validation) stores nothing: the key stays free', async () => {
    const invalid = await t.request({
      method: 'POST',
      url: '/api/manual/generate',
      cookie,
      headers: { 'idempotency-key': 'submission-0004' },
      payload: { topic: '' },
    });
    expect(invalid.statusCode).toBe(400);
    const before = await articleCount(t);
    const valid = await generate('submission-0004', 'Worm bins');
    expect(valid.statusCode).toBe(200);
    expect(await articleCount(t)).toBe(before + 1);
  });
});

/*
 * Issue #31 item 2: a key was shared by everyone and applied to public routes too — a wrong
 * password sent with the key of an earlier correct login was answered 200 {"success":true,…} with
 * that login's time. Keys now belong to a session, answers are replayed only for the same route
 * and body, and the auth routes never replay.
 */
describe('an Idempotency-Key belongs to one session, one route and one body', () => {
  const site = (name: string) => ({
    name,
    url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
    username: 'editor',
    password: 'abcd efgh ijkl mnop qrst uvwx',
  });
  const createSiteWith = (session: string, key: string, body: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/sites',
      cookie: session,
      headers: { 'idempotency-key': key },
      payload: body,
    });

  it("a wrong password sent with the key of an earlier correct login is a 401, not that login's answer", async () => {
    const key = 'login-key-0001';
    const first = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'idempotency-key': key },
      payload: { password: TEST_PASSWORD },
      remoteAddress: '10.32.0.1',
    });
    expect(first.statusCode).toBe(200);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'idempotency-key': key },
      payload: { password: 'not the password' },
      remoteAddress: '10.32.0.1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['idempotent-replayed']).toBeUndefined();
    expect(wrong.body).not.toContain(first.json().loginTime);
  });

  it('the auth routes never replay: change-password with a used key is checked again', async () => {
    const key = 'change-password-key-1';
    const change = (currentPassword: string, newPassword: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie,
        headers: { 'idempotency-key': key },
        payload: { currentPassword, newPassword },
        remoteAddress: '10.32.0.2',
      });
    expect((await change('a wrong current password', 'a new password 123')).statusCode).toBe(401);
    const right = await change(TEST_PASSWORD, 'a new password 123');
    expect(right.statusCode).toBe(200);
    expect(right.headers['idempotent-replayed']).toBeUndefined();
    expect((await change('a new password 123', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('two sessions using the same key get their own answers', async () => {
    const other = await t.login();
    const key = 'shared-key-0001';
    const mine = await createSiteWith(cookie, key, site('Mine Blog'));
    const theirs = await createSiteWith(other, key, site('Theirs Blog'));
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().name).toBe('Theirs Blog');
    expect(theirs.json().id).not.toBe(mine.json().id);
    // Each session's key still replays its own answer.
    const mineAgain = await createSiteWith(cookie, key, site('Mine Blog'));
    expect(mineAgain.headers['idempotent-replayed']).toBe('true');
    expect(mineAgain.json().id).toBe(mine.json().id);
  });

  it('the same key with a different body is refused (422); with the same body it is replayed', async () => {
    const key = 'body-key-00001';
    const first = await createSiteWith(cookie, key, site('First Body Blog'));
    expect(first.statusCode).toBe(201);
    const different = await createSiteWith(cookie, key, site('Second Body Blog'));
    expect(different.statusCode).toBe(422);
    expect(different.json()).toEqual({
      error: 'Idempotency-Key was already used with a different body: send a new key for a new request',
      code: 'idempotency_key_reused',
      details: [{ field: 'headers.idempotency-key', message: 'was already used with a different body' }],
    });
    const same = await createSiteWith(cookie, key, site('First Body Blog'));
    expect(same.statusCode).toBe(201);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.json()).toEqual(first.json());
  });

  it('the API description lists 409 and 422 for the routes that replay, not for the auth routes', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json', cookie })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/sites/']!.post!.responses)).toEqual(expect.arrayContaining(['409', '422']));
    expect(doc.paths['/api/auth/login']!.post!.responses['422']).toBeUndefined();
    expect(doc.paths['/api/auth/change-password']!.post!.responses['422']).toBeUndefined();
  });

  it('answers are stored under a digest of the session, never its id', async () => {
    await createSiteWith(cookie, 'stored-key-0001', site('Stored Blog'));
    const sid = decodeURIComponent(cookie.split('=')[1]!);
    const rows = await t.ctx.handle.db.select().from(idempotencyKeys);
    const row = rows.find((r) => r.key === 'stored-key-0001')!;
    expect(row.owner).toMatch(/^[\w-]{43}$/);
    const ids = (await t.ctx.handle.db.select().from(operatorSessions)).map((s) => s.id);
    for (const id of ids) expect(row.owner).not.toContain(id);
    expect(row.owner).not.toContain(sid);
  });
});

describe('upgrade: stored keys of the old shared table', () => {
  const pglite = new PGlite();
  afterAll(async () => pglite.close());

  it('are dropped (they had no session), and the table takes keys per session afterwards', async () => {
    await migrate(drizzle(pglite), { migrationsFolder: oldMigrationsFolder(34) });
    await pglite.query(
      `insert into idempotency_keys (key, request, state, status, body) values ('old-key-0001', 'POST /api/sites /api/sites', 'done', 201, '{}')`,
    );
    await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_DIR });
    expect((await pglite.query('select * from idempotency_keys')).rows).toEqual([]);
    const insert = (owner: string) =>
      pglite.query(
        `insert into idempotency_keys (owner, key, request, body_digest) values ($1, 'same-key-0001', 'POST /api/sites /api/sites', 'd')`,
        [owner],
      );
    await insert('session-a');
    await insert('session-b');
    await expect(insert('session-a')).rejects.toThrow(/duplicate key/);
  });
});
