import {
  addRealSite,
  realWordPress,
  realWordPressAuth,
  realWordPressMissing,
  waitForFirstSync,
} from './support/article-seeding.js';
import { apiCall, expect, login, saveScreen, test } from './support/fixtures.js';

/**
 * Refresh against the real WordPress (WP_URL, WP_USER, WP_APP_PASSWORD): a post that still says
 * "in 2024" is listed in the Refresh view with that reason, at 1280 and 390 px, and the filter by
 * reason keeps it.
 */
const NAME = 'E2E refresh';

test.describe('Refresh: what is stale', () => {
  test.skip(
    realWordPressMissing && !process.env.CI,
    'WP_URL, WP_USER and WP_APP_PASSWORD are not set: eval "$(bash scripts/wordpress-test-site.sh)"',
  );

  test('the Refresh view lists a seeded stale post with its reason', async ({ page }) => {
    test.setTimeout(150_000);
    expect(realWordPressMissing, 'the real WordPress must be configured in CI').toBe(false);
    const word = `${Date.now()
      .toString(36)
      .replace(/[^a-z]/g, '')}kettle`;
    const title = `Which ${word} to buy`;
    const created = await fetch(`${realWordPress.url}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: realWordPressAuth(),
      body: JSON.stringify({
        title,
        content: `<!-- wp:paragraph -->\n<p>The best ${word} models in 2024 boil water fast.</p>\n<!-- /wp:paragraph -->`,
        status: 'publish',
      }),
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: number };
    let siteId: number | null = null;
    try {
      await login(page);
      siteId = await addRealSite(page, NAME);
      // Adding the site starts its first content sync; the scores follow it.
      await waitForFirstSync(page, siteId);
      await expect
        .poll(
          async () =>
            (await apiCall<{ total: number }>(page, 'GET', `/api/refresh?site_id=${siteId}&reason=past_year&limit=1`))
              .json.total,
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);

      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Refresh' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Refresh' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Site' }).click();
      await page.getByRole('option', { name: NAME }).click();
      await page.getByRole('combobox', { name: 'Reason' }).click();
      await page.getByRole('option', { name: 'Out-of-date year' }).click();
      const list = page.getByRole('list', { name: 'Posts by refresh score' });
      const item = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
      await expect(item).toBeVisible();
      await expect(item).toContainText(`Out-of-date year (+30): Says “best ${word} models in 2024”`);
      await saveScreen(page, 'refresh-1280');

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(item).toBeVisible();
      // Nothing scrolls sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreen(page, 'refresh-390');
    } finally {
      if (siteId !== null) await apiCall(page, 'DELETE', `/api/sites/${siteId}`);
      await fetch(`${realWordPress.url}/wp-json/wp/v2/posts/${post.id}?force=true`, {
        method: 'DELETE',
        headers: realWordPressAuth(),
      });
    }
  });
});
