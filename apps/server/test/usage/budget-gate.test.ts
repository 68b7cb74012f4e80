import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { budgetReservations, modelCalls } from '../../src/db/schema/index.js';
import { type BudgetAnswer, BudgetGate } from '../../src/modules/usage/budget-gate.js';
import { BudgetReservationsRepository } from '../../src/modules/usage/budget-reservations.repository.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Issue #31 §3: the check and the reservation are one step under a database lock, so units that
// start at once (in one process or several; on PostgreSQL this file runs on a pool of connections)
// cannot all pass, and a dead process' reservation lapses.
let t: TestApp;
let siteId: number;
const DOLLAR = 1e9;

/** A process' gate: its own instance over the same database, every article estimated at $3. */
const gate = (options: ConstructorParameters<typeof BudgetGate>[3] = {}) =>
  new BudgetGate(
    new BudgetReservationsRepository(t.ctx.handle.db),
    t.services.budgets,
    async () => 3 * DOLLAR,
    options,
  );
const article = (n: number) => ({ holder: `test:${n}`, siteId, wordCount: 500 });
const spend = (usd: number) =>
  t.ctx.handle.db.insert(modelCalls).values({
    provider: 'openai',
    model: 'gpt-4o',
    costNanos: Math.round(usd * DOLLAR),
    outcome: 'ok',
    source: 'bulk',
    siteId,
  });
const releaseAll = (answers: BudgetAnswer[]) =>
  Promise.all(answers.map((answer) => (answer.go ? answer.release() : undefined)));

beforeEach(async () => {
  t = await createTestApp();
  const cookie = await t.login();
  siteId = (await createSite(t, cookie)).id;
  const saved = await t.request({
    method: 'PUT',
    url: '/api/settings/budgets',
    cookie,
    payload: { monthly_usd: null, sites: [{ site_id: siteId, monthly_usd: 10 }] },
  });
  expect(saved.statusCode).toBe(200);
});
afterEach(() => t.close());

describe('budget reservations', () => {
  it('let only as many of eight units starting at once in two processes start as the budget has room for', async () => {
    const [one, two] = [gate(), gate()];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => (n % 2 === 0 ? one : two).reserve(article(n))),
    );
    // $10 of room and $3 an article: started while less than $10 was spent or reserved — 0, 3, 6, 9.
    expect(answers.filter((answer) => answer.go)).toHaveLength(4);
    const refused = answers.filter((answer) => !answer.go);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer).toMatchObject({
        reached: false,
        reason:
          'The monthly budget of Garden Blog ($10.00) is taken by the articles being written: $0.00 spent and $12.00 expected for 4 articles under way. This article starts once they are done, if the budget still allows.',
      });
    }
    expect(await t.ctx.handle.db.select().from(budgetReservations)).toHaveLength(4);

    // They end; what they spent is in the ledger, and their reservations are gone.
    await spend(9.5);
    await releaseAll(answers);
    expect(await t.ctx.handle.db.select().from(budgetReservations)).toHaveLength(0);
    const last = await one.reserve(article(9));
    expect(last.go).toBe(true);
    const after = await two.reserve(article(10));
    expect(after).toMatchObject({ go: false, reached: false });
    await releaseAll([last]);
    await spend(0.5);
    expect(await two.reserve(article(11))).toMatchObject({
      go: false,
      reached: true,
      reason: expect.stringMatching(
        /^The monthly budget of Garden Blog \(\$10\.00\) is reached: \$10\.00 spent\. New articles for Garden Blog wait\. Raise it or override it/,
      ),
    });
  });

  it('lets the reservation of a process that died lapse, and keeps those of a living one', async () => {
    const dead = gate({ ttlSeconds: 1, renewMs: 60_000 });
    const living = gate({ ttlSeconds: 1, renewMs: 200 });
    const [gone, kept] = [await dead.reserve(article(1)), await living.reserve(article(2))];
    expect([gone.go, kept.go]).toEqual([true, true]);
    await spend(3);
    // $3 spent, $6 reserved: one more fits now.
    expect((await gate().reserve(article(3))).go).toBe(true);
    expect(await gate().reserve(article(4))).toMatchObject({
      go: false,
      reached: false,
      reason: expect.stringContaining('$9.00 expected for 3 articles under way'),
    });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // The dead process never renewed its reservation: it no longer counts, and the unit that waited starts.
    expect((await gate().reserve(article(4))).go).toBe(true);
    // The living process renewed its own (its lifetime, a second, is over too): it still counts.
    expect(await gate().reserve(article(5))).toMatchObject({
      go: false,
      reason: expect.stringContaining('$3.00 spent and $9.00 expected for 3 articles under way'),
    });
    await releaseAll([kept]);
  });

  it('reserve nothing for a site without a budget, and nothing once the budget is overridden for the month', async () => {
    const cookie = await t.login();
    const other = (await createSite(t, cookie, { name: 'Kitchen Blog', url: 'https://kitchen.example' })).id;
    expect((await gate().reserve({ holder: 'test:other', siteId: other, wordCount: 500 })).go).toBe(true);
    expect(await t.ctx.handle.db.select().from(budgetReservations)).toHaveLength(0);
    await spend(10);
    expect(await gate().reserve(article(1))).toMatchObject({ go: false, reached: true });
    expect(
      (await t.request({ method: 'POST', url: '/api/settings/budgets/override', cookie, payload: { site_id: siteId } }))
        .statusCode,
    ).toBe(200);
    expect((await gate().reserve(article(1))).go).toBe(true);
  });
});
