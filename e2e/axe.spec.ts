import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { cleanUp, realWordPressMissing, type SeededSite, seedSiteWithArticles } from './support/article-seeding.js';
import { expect, login, saveScreen, test } from './support/fixtures.js';

// Issue #37: axe reports nothing on every signed-in screen at 1280 and 390 px — every rule axe
// runs by default, best practices included (`region`: content outside landmarks was reported on
// every signed-in page), at every impact.

const SCREENS = [
  { path: '/', heading: 'Dashboard' },
  { path: '/sites', heading: 'WordPress Sites' },
  { path: '/config', heading: 'Blog Configuration' },
  { path: '/articles', heading: 'Generated Articles' },
  { path: '/manual', heading: 'Manual Content Generation' },
  { path: '/manual-secure', heading: 'Secure Manual Article Generation' },
  { path: '/trends', heading: 'Trend Monitor' },
  { path: '/seo-suite', heading: 'SEO Projects' },
  { path: '/seo-suite/wizard', heading: 'Full SEO Suite Wizard' },
  { path: '/settings', heading: 'Settings' },
] as const;

async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 3)
        .map(
          (node) =>
            `${node.target.join(' ')} — ${node.html.slice(0, 100)} — ${(node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`,
        )
        .join(' | ')}`,
  );
}

async function scanEveryScreen(page: Page, extra: { path: string; heading: string }[] = []): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const screen of [...SCREENS, ...extra]) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      // Every section has its data (or its empty state): no spinner left.
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
      for (const line of await axeFindings(page)) problems.push(`${screen.path} at ${width}: ${line}`);
      if (screen.path === '/') await saveScreen(page, `dashboard-${width}${extra.length ? '-with-data' : ''}`);
    }
  }
  return problems;
}

test('axe reports nothing on any signed-in screen at 1280 and 390 px, empty', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page);
  expect(await scanEveryScreen(page)).toEqual([]);
});

test.describe('with a site and its articles', () => {
  test.skip(
    realWordPressMissing && !process.env.CI,
    'WP_URL, WP_USER and WP_APP_PASSWORD are not set: eval "$(bash scripts/wordpress-test-site.sh)"',
  );

  test('axe reports nothing on any signed-in screen at 1280 and 390 px, with data', async ({ page }) => {
    test.setTimeout(360_000);
    await login(page);
    let site: SeededSite | null = null;
    try {
      site = await seedSiteWithArticles(page, 'Axe Garden', 2);
      const problems = await scanEveryScreen(page, [
        { path: `/sites/${site.id}/content`, heading: 'Content of Axe Garden' },
      ]);
      expect(problems).toEqual([]);
    } finally {
      await cleanUp(page, site);
    }
  });
});
