import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, login, test } from './support/fixtures.js';

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
        .map((node) => `${node.target.join(' ')} — ${node.html.slice(0, 100)}`)
        .join(' | ')}`,
  );
}

test('axe reports nothing on any signed-in screen at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page);
  const problems: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      // Every section has its data (or its empty state): no spinner left.
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
      for (const line of await axeFindings(page)) problems.push(`${screen.path} at ${width}: ${line}`);
    }
  }
  expect(problems).toEqual([]);
});
