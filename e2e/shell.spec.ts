import { expect, login, saveScreen, test } from './support/fixtures.js';

const ENTRIES: Array<[label: string, path: string, heading: string]> = [
  ['Dashboard', '/', 'Dashboard'],
  ['WordPress Sites', '/sites', 'WordPress Sites'],
  ['Blog Configuration', '/config', 'Blog Configuration'],
  ['Articles', '/articles', 'Generated Articles'],
  ['Review', '/review', 'Review'],
  ['Calendar', '/calendar', 'Calendar'],
  ['Manual Generation', '/manual', 'Manual Content Generation'],
  ['Trend Monitor', '/trends', 'Trend Monitor'],
  ['Full SEO Suite', '/seo-suite', 'SEO Projects'],
  ['Refresh', '/refresh', 'Refresh'],
  ['Settings', '/settings', 'Settings'],
];

test('drawer navigation at 1280 px (permanent drawer), with a screenshot per screen', async ({ page }) => {
  await login(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [label, path, heading] of ENTRIES) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}$`));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(label);
    await saveScreen(page, `desktop-${label.toLowerCase().replaceAll(' ', '-')}`);
  }
  // Drawer stays visible: it is permanent on wide screens.
  await expect(nav).toBeVisible();
});

test('drawer navigation at 390 px (temporary drawer)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByLabel('Password', { exact: true }).fill('e2e-operator-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const open = page.getByRole('button', { name: 'Open navigation' });
  for (const [label, , heading] of ENTRIES.slice(1)) {
    await open.click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // The temporary drawer closes after choosing an entry.
    await expect(nav.getByRole('link', { name: label })).toBeHidden();
    await saveScreen(page, `mobile-${label.toLowerCase().replaceAll(' ', '-')}`);
  }
});

test('unknown pages fall back to the app and unknown API paths are JSON 404s', async ({ page }) => {
  await login(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const res = await page.request.get('/api/no-such-call');
  expect(res.status()).toBe(404);
  expect((await res.json()).code).toBe('not_found');
});
