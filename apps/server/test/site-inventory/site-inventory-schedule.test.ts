import { afterEach, expect, it } from 'vitest';
import type { InventorySummary } from '@abp/contracts';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realSite, runId } from '../wordpress/real-site.js';

async function waitForEnd(t: TestApp, cookie: string, siteId: number): Promise<InventorySummary> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const summary = (await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory`, cookie })).json() as InventorySummary;
    if (summary.state === 'succeeded' || summary.state === 'failed') return summary;
    if (Date.now() > deadline) throw new Error(`sync did not finish: ${JSON.stringify(summary)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describeRealSite('normal', 'site inventory: the schedule, failures and deleted sites', (site) => {
  const plain = realSite('plain')!;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function addSite(app: TestApp, cookie: string, values: { url: string; user: string; password: string; active?: boolean }): Promise<number> {
    const res = await app.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { name: `Inv ${values.url} ${runId}`, url: values.url, username: values.user, password: values.password, is_active: values.active ?? true },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  it('the hourly tick syncs active sites whose inventory is older than INVENTORY_SYNC_HOURS, and only those', async () => {
    t = await createTestApp({ config: { inventorySyncHours: 24 } });
    const cookie = await t.login();
    const active = await addSite(t, cookie, site);
    const inactive = await addSite(t, cookie, { ...plain, active: false });

    expect(await t.services.siteInventory.queueDueSyncs()).toEqual([active]);
    const done = await waitForEnd(t, cookie, active);
    expect(done).toMatchObject({ state: 'succeeded', trigger: 'schedule' });
    expect(done.posts).toBeGreaterThan(0);
    // Synced just now: not due again; the inactive site is never synced by the schedule.
    expect(await t.services.siteInventory.queueDueSyncs()).toEqual([]);
    const list = (await t.request({ method: 'GET', url: '/api/sites/inventory', cookie })).json() as InventorySummary[];
    expect(list.find((s) => s.site_id === inactive)).toMatchObject({ state: 'never', posts: 0 });
    expect(list.find((s) => s.site_id === active)).toMatchObject({ state: 'succeeded' });
  }, 180_000);

  it('a site on plain permalinks (?rest_route=) syncs on demand, even when switched off', async () => {
    t = await createTestApp();
    const cookie = await t.login();
    const id = await addSite(t, cookie, { ...plain, active: false });
    expect((await t.request({ method: 'POST', url: `/api/sites/${id}/inventory/sync`, cookie })).statusCode).toBe(202);
    expect(await waitForEnd(t, cookie, id)).toMatchObject({ state: 'succeeded', error: null });
  }, 180_000);

  it('a refused password ends the sync as failed with WordPress reason; a site being deleted is refused', async () => {
    t = await createTestApp();
    const cookie = await t.login();
    const id = await addSite(t, cookie, { ...site, password: 'abcd efgh ijkl mnop qrst uvwx' });
    expect((await t.request({ method: 'POST', url: `/api/sites/${id}/inventory/sync`, cookie })).statusCode).toBe(202);
    const failed = await waitForEnd(t, cookie, id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/password|credential|401|authori[sz]/i);
    expect(failed.last_synced_at).toBeNull();

    await t.ctx.handle.db.execute(`update sites set deleting_since = now() where id = ${id}`);
    const refused = await t.request({ method: 'POST', url: `/api/sites/${id}/inventory/sync`, cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'This site is being deleted; its content is not synced.' });
  }, 180_000);
});
