import { expect, login, saveScreen, test } from './support/fixtures.js';

// The README's phone screenshot (docs/screens/): the Dashboard at 390 px, with the getting-started
// checklist. The other README screens come from the specs that
// already save them (getting-started, jobs, editor, budget-warning).

test('the Dashboard on a phone, for the README', async ({ page }) => {
  await login(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Getting started' })).toBeVisible();
  await saveScreen(page, 'readme-dashboard-390');
});
