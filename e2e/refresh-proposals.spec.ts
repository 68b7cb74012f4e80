import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  addRealSite,
  realWordPress,
  realWordPressAuth,
  realWordPressMissing,
  waitForFirstSync,
} from './support/article-seeding.js';
import { apiCall, expect, login, saveScreen, test } from './support/fixtures.js';

/**
 * Refresh proposals against the real WordPress (WP_URL, WP_USER, WP_APP_PASSWORD), issue #36 §2–§3:
 * a post whose title says "of 2024" and whose text links to a page of the site that answers 404
 * (the e2e server checks links to the site itself, REFRESH_LINK_CHECK_SCOPE=site) → "Propose
 * refresh" → the diff shows both changes → "Apply all" → WordPress has the change → "Undo" →
 * WordPress has the exact old content again. axe finds nothing with the diff open at 1280 and 390 px.
 */
const NAME = 'E2E refresh proposals';

interface RawPost {
  title: { raw: string };
  content: { raw: string };
}

async function rawPost(id: number): Promise<RawPost> {
  const response = await fetch(`${realWordPress.url}/wp-json/wp/v2/posts/${id}?context=edit`, {
    headers: realWordPressAuth(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as RawPost;
}

/** axe's findings on the finished screen (MUI's fades judged at full opacity), every rule, every impact. */
async function axeFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} — ${node.html.slice(0, 100)}`)
        .join(' | ')}`,
  );
}

test.describe('Refresh proposals: propose, apply, undo', () => {
  test.skip(
    realWordPressMissing && !process.env.CI,
    'WP_URL, WP_USER and WP_APP_PASSWORD are not set: eval "$(bash scripts/wordpress-test-site.sh)"',
  );

  test('a dead link and an out-of-date year are proposed, applied on WordPress and undone exactly', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    expect(realWordPressMissing, 'the real WordPress must be configured in CI').toBe(false);
    const word = `${Date.now()
      .toString(36)
      .replace(/[^a-z]/g, '')}kettle`;
    const title = `Best ${word} picks of 2024`;
    const gone = `${realWordPress.url!.replace(/\/$/, '')}/${word}-gone-page/`;
    const content = `<!-- wp:paragraph -->\n<p>We tested every ${word} we could find. See <a href="${gone}">the maker's page</a> for the details.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph {"className":"note"} -->\n<p class="note">Descale it monthly.</p>\n<!-- /wp:paragraph -->`;
    const created = await fetch(`${realWordPress.url}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: realWordPressAuth(),
      body: JSON.stringify({ title, content, status: 'publish' }),
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: number };
    const original = await rawPost(post.id);
    let siteId: number | null = null;
    try {
      await login(page);
      siteId = await addRealSite(page, NAME);
      // Adding the site syncs it; the link check of links to the site itself follows, then the scores.
      await waitForFirstSync(page, siteId);
      await expect
        .poll(
          async () => {
            const list = await apiCall<{ items: Array<{ wp_id: number }> }>(
              page,
              'GET',
              `/api/refresh?site_id=${siteId}&reason=dead_links&limit=100`,
            );
            return list.json.items.some((item) => item.wp_id === post.id);
          },
          { timeout: 90_000 },
        )
        .toBe(true);

      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Refresh' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Refresh' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Site' }).click();
      await page.getByRole('option', { name: NAME }).click();
      await page.getByRole('combobox', { name: 'Reason' }).click();
      await page.getByRole('option', { name: 'Dead links' }).click();
      await page.getByRole('button', { name: `Propose refresh: ${title}` }).click();

      // The diff: both changes, each with its reason, the old words struck through and the new ones marked.
      const dialog = page.getByRole('dialog', { name: `Refresh of “${title}”` });
      await expect(dialog).toBeVisible();
      const changes = dialog.getByRole('list', { name: 'Proposed changes' });
      const year = changes.getByRole('listitem', { name: /Out-of-date year$/ }).first();
      const dead = changes.getByRole('listitem', { name: /Dead link$/ }).first();
      await expect(year).toBeVisible();
      await expect(dead).toBeVisible();
      await expect(year.locator('del').first()).toContainText('2024');
      await expect(year.locator('ins').first()).toContainText(String(new Date().getFullYear()));
      await expect(dead.locator('del').first()).toContainText(gone);
      await expect(dead).toContainText(gone);
      expect(await axeFindings(page)).toEqual([]);
      await saveScreen(page, 'refresh-proposal-1280');

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(dialog).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeFindings(page)).toEqual([]);
      await saveScreen(page, 'refresh-proposal-390');
      await page.setViewportSize({ width: 1280, height: 800 });
      await dialog.getByRole('button', { name: 'Close' }).click();

      // It waits in the Review inbox too, with the same diff.
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: /^Review/ })
        .click();
      await page.getByRole('list', { name: 'Waiting for review' }).getByText(`Refresh of “${title}”`).click();
      const inboxDiff = page.getByRole('list', { name: 'Proposed changes' });
      await expect(inboxDiff.getByRole('listitem', { name: /Dead link$/ })).toBeVisible();
      await expect(inboxDiff.getByRole('listitem', { name: /Out-of-date year$/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Approve (apply to WordPress)' })).toBeVisible();
      expect(await axeFindings(page)).toEqual([]);

      // Back in the Refresh view, the Proposals part lists it waiting; opened from there, it is applied.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Refresh' }).click();
      const proposals = page.getByRole('list', { name: 'Refresh proposals' });
      const row = proposals.getByRole('listitem').filter({ hasText: title });
      await expect(row).toContainText('Waiting for a decision');
      await expect(row).toContainText('2 changes: Dead link, Out-of-date year');
      await row.getByRole('button', { name: `Open the refresh of ${title}` }).click();
      await expect(dialog).toBeVisible();

      // Apply: every change goes in, and WordPress has them.
      await dialog.getByRole('button', { name: 'Apply all' }).click();
      await expect(dialog.getByRole('button', { name: 'Undo' })).toBeVisible({ timeout: 30_000 });
      await expect(changes.getByText('Applied', { exact: true })).toHaveCount(
        await changes.getByRole('listitem').count(),
      );
      const applied = await rawPost(post.id);
      expect(applied.title.raw).not.toBe(original.title.raw);
      expect(applied.title.raw).toContain(String(new Date().getFullYear()));
      expect(applied.content.raw).not.toContain(gone);
      // Outside the changed spans the markup is as it was.
      expect(applied.content.raw).toContain(
        '<!-- wp:paragraph {"className":"note"} -->\n<p class="note">Descale it monthly.</p>\n<!-- /wp:paragraph -->',
      );
      expect(await axeFindings(page)).toEqual([]);

      // Undo: the exact old title and content.
      await dialog.getByRole('button', { name: 'Undo' }).click();
      await expect(dialog.getByRole('button', { name: 'Undo' })).toHaveCount(0, { timeout: 30_000 });
      const undone = await rawPost(post.id);
      expect(undone.title.raw).toBe(original.title.raw);
      expect(undone.content.raw).toBe(original.content.raw);

      // The post's history records it (the post found as at first: its site, its dead link).
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('combobox', { name: 'Site' }).click();
      await page.getByRole('option', { name: NAME }).click();
      await page.getByRole('combobox', { name: 'Reason' }).click();
      await page.getByRole('option', { name: 'Dead links' }).click();
      await page.getByRole('button', { name: `History: ${title}` }).click();
      await expect(page.getByRole('list', { name: 'Refresh history' })).toContainText('Undone');

      // The site's refresh settings: saved, and a value the contract refuses is said on its field.
      await page.getByRole('button', { name: 'Refresh settings' }).click();
      const settings = page.getByRole('form', { name: 'Refresh settings' });
      const cooldown = settings.getByRole('spinbutton', { name: 'Cooldown (days)' });
      await expect(cooldown).toHaveValue('180');
      await cooldown.fill('0');
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(settings.getByText('must be at least 1 day')).toBeVisible();
      expect(await axeFindings(page)).toEqual([]);
      await cooldown.fill('30');
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(settings).toHaveCount(0);
      expect(
        (await apiCall<{ cooldown_days: number }>(page, 'GET', `/api/refresh/settings/${siteId}`)).json.cooldown_days,
      ).toBe(30);
    } finally {
      if (siteId !== null) await apiCall(page, 'DELETE', `/api/sites/${siteId}`);
      await fetch(`${realWordPress.url}/wp-json/wp/v2/posts/${post.id}?force=true`, {
        method: 'DELETE',
        headers: realWordPressAuth(),
      });
    }
  });
});
