import type { Page } from '@playwright/test';
// @ts-expect-error -- a plain .mjs script without types
import { PAGES, pageFiles, readManifest } from '../scripts/size-budgets.mjs';
import { expect, login, test } from './support/fixtures.js';

// The size budgets (npm run size, part of npm run lint) measure the files each page needs, derived
// from the build manifest; these tests check in Chromium that each page loads exactly those files,
// so a chunk loaded lazily on the way to a page cannot escape its budget.

interface Budget {
  name: string;
  modules: string[];
}

function budgetedFiles(name: string): string[] {
  const page = (PAGES as Budget[]).find((p) => p.name === name);
  if (!page) throw new Error(`no size budget named ${name}`);
  return (pageFiles(readManifest(), page.modules) as string[]).toSorted();
}

/** Every script and stylesheet the page requests, as paths under the web app's root. */
function recordAssets(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('request', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) files.add(new URL(request.url()).pathname.slice(1));
  });
  return files;
}

test.describe('page weight', () => {
  test('the login screen loads exactly the files its size budget measures', async ({ page }) => {
    const loaded = recordAssets(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...loaded].toSorted()).toEqual(budgetedFiles('login screen'));
  });

  test('the signed-in dashboard, opened afresh, loads exactly the files its size budget measures', async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    await login(page);
    // A new context: the session cookie, an empty cache.
    const fresh = await browser.newContext({
      baseURL,
      extraHTTPHeaders,
      storageState: await page.context().storageState(),
    });
    try {
      const dashboard = await fresh.newPage();
      const loaded = recordAssets(dashboard);
      await dashboard.goto('/');
      await expect(dashboard.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      // The chart, or on a data directory without articles its sentence (issue #37: no empty axes).
      const chart = dashboard.getByRole('region', { name: 'Articles per Day' });
      await expect(
        chart
          .locator('svg')
          .first()
          .or(chart.getByText(/^No articles yet/)),
      ).toBeVisible();
      await dashboard.waitForLoadState('networkidle');
      expect([...loaded].toSorted()).toEqual(budgetedFiles('signed-in dashboard'));
    } finally {
      await fresh.close();
    }
  });
});
