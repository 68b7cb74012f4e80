import type { InventorySummary } from '@abp/contracts';
import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realSite, runId } from '../wordpress/real-site.js';

async function waitForEnd(t: TestApp, cookie: string, siteId: number): Promise<InventorySummary> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const summary = (
      await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory`, cookie })
    ).json() as InventorySummary;
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

  async function addSite(
    app: TestApp,
    cookie: string,
    values: { url: string; user: string; password: string; active?: boolean },
  ): Promise<number> {
    const res = await app.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: {
        name: `Inv ${values.url} ${runId}`,
        url: values.url,
        username: values.user,
        password: values.password,
        is_active: values.active ?? true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  it('the hourly tick syncs active sites whose inventory is older than INVENTORY_SYNC_HOURS, and only those', async () => {
    t = await createTestApp({ config: { inventorySyncHours: 24 } });
    const cookie = await t.login();
    const active = await addSite(t, cookie, site);
    const inactive = await addSite(t, cookie, { ...plain, active: false });
    // Adding the active site synced it already (see below); a day later it is due again.
    expect(await waitForEnd(t, cookie, active)).toMatchObject({ state: 'succeeded', trigger: 'site_saved' });
    await t.ctx.handle.db.execute(
      `update site_inventory_syncs set last_success_at = now() - interval '25 hours' where site_id = ${active}`,
    );

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

  it('adding a site starts its first sync at once; new credentials start a whole one again; a switched-off site waits for its turn', async () => {
    t = await createTestApp({ config: { inventorySyncHours: 24 } });
    const cookie = await t.login();
    const id = await addSite(t, cookie, site);
    // Nobody pressed "Sync content": the save queued it.
    const started = (
      await t.request({ method: 'GET', url: `/api/sites/${id}/inventory`, cookie })
    ).json() as InventorySummary;
    expect(started).toMatchObject({ state: expect.stringMatching(/^(queued|running)$/), trigger: 'site_saved' });
    const first = await waitForEnd(t, cookie, id);
    expect(first).toMatchObject({ state: 'succeeded', trigger: 'site_saved', error: null });
    expect(first.posts).toBeGreaterThan(0);

    // The application password entered again: read again, from the start (not only the changes).
    const name = `Inv ${site.url} ${runId}`;
    const saved = await t.request({
      method: 'PUT',
      url: `/api/sites/${id}`,
      cookie,
      payload: { name, url: site.url, username: site.user, password: site.password },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const restarted = (
      await t.request({ method: 'GET', url: `/api/sites/${id}/inventory`, cookie })
    ).json() as InventorySummary;
    expect(restarted).toMatchObject({ state: expect.stringMatching(/^(queued|running)$/), trigger: 'site_saved' });
    const second = await waitForEnd(t, cookie, id);
    expect(second).toMatchObject({ state: 'succeeded', trigger: 'site_saved' });
    // A whole read (an incremental one would read only the few posts changed meanwhile).
    expect(second.fetched).toBeGreaterThan((second.posts + second.pages) / 2);
    expect(Date.parse(second.finished_at!)).toBeGreaterThan(Date.parse(first.finished_at!));

    // A renamed site (same address and credentials) is not read again.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/sites/${id}`,
          cookie,
          payload: { name: `${name} renamed`, url: site.url, username: site.user },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/sites/${id}/inventory`, cookie })).json()).toMatchObject({
      state: 'succeeded',
      finished_at: second.finished_at,
    });

    // Switched off: like the schedule, the save leaves it alone (a sync on demand still works).
    const off = await addSite(t, cookie, { ...plain, active: false });
    expect((await t.request({ method: 'GET', url: `/api/sites/${off}/inventory`, cookie })).json()).toMatchObject({
      state: 'never',
    });
  }, 180_000);

  it('a sync ends when its after-work has (scores, flags); a press meanwhile is that sync, a press right after is run', async () => {
    t = await createTestApp({ config: { inventorySyncHours: 24 } });
    const cookie = await t.login();
    // Hold the first sync's after-work (the refresh scores) until the press below has been made.
    let reached!: () => void;
    const inAfterSync = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const refresh = t.services.refresh;
    const score = refresh.afterInventorySync.bind(refresh);
    let held = false;
    refresh.afterInventorySync = async (siteId: number) => {
      if (!held) {
        held = true;
        reached();
        await released;
      }
      return score(siteId);
    };
    const id = await addSite(t, cookie, site);
    await inAfterSync;
    const during = (
      await t.request({ method: 'GET', url: `/api/sites/${id}/inventory`, cookie })
    ).json() as InventorySummary;
    expect(during).toMatchObject({ state: 'running', phase: 'Scores and links', trigger: 'site_saved' });
    expect(during.last_synced_at).not.toBeNull(); // the read is recorded: the after-work reads it

    const pressed = await t.request({ method: 'POST', url: `/api/sites/${id}/inventory/sync`, cookie });
    expect(pressed.statusCode).toBe(202);
    expect(pressed.json()).toMatchObject({ state: 'running', trigger: 'site_saved' });
    release();
    const first = await waitForEnd(t, cookie, id);
    expect(first).toMatchObject({ state: 'succeeded', trigger: 'site_saved', phase: null });

    // At once after the end (its job may still be closing in the queue): the press is run, not left waiting.
    const again = await t.request({ method: 'POST', url: `/api/sites/${id}/inventory/sync`, cookie });
    expect(again.json()).toMatchObject({ state: 'queued', trigger: 'manual' });
    const second = await waitForEnd(t, cookie, id);
    expect(second).toMatchObject({ state: 'succeeded', trigger: 'manual' });
    expect(Date.parse(second.finished_at!)).toBeGreaterThan(Date.parse(first.finished_at!));
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
