import type { InventorySummary } from '@abp/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../test-app.js';

/** "Sync content" through the API, then waits until that sync succeeded (throws with the summary if it failed). */
export async function syncContentAndWait(
  t: TestApp,
  cookie: string,
  siteId: number,
  timeoutMs = 60_000,
): Promise<InventorySummary> {
  expect((await t.request({ method: 'POST', url: `/api/sites/${siteId}/inventory/sync`, cookie })).statusCode).toBe(
    202,
  );
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const summary = (
      await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory`, cookie })
    ).json<InventorySummary>();
    if (summary.state === 'succeeded') return summary;
    if (summary.state === 'failed' || Date.now() > deadline) throw new Error(JSON.stringify(summary));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Connects a real test WordPress as a site through the API; returns its id. */
export async function addSite(
  t: TestApp,
  cookie: string,
  name: string,
  site: { url: string; user: string; password: string },
): Promise<number> {
  const created = await t.request({
    method: 'POST',
    url: '/api/sites',
    cookie,
    payload: { name, url: site.url, username: site.user, password: site.password },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}
