import type { Locator, Page } from '@playwright/test';
import { apiCall, expect, login, saveScreen, test } from './support/fixtures.js';

// Issue #17 item 10: a dialog keeps its title and buttons in view (its content scrolls), and a
// toast never lies over its buttons.

/** Nothing lies over the middle of the element (a toast, another layer). */
async function expectUncovered(locator: Locator): Promise<void> {
  const covered = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top === null || !element.contains(top) ? (top?.textContent ?? 'nothing').slice(0, 80) : null;
  });
  expect(covered, 'the element is covered').toBeNull();
}

async function addSiteOffline(page: Page, name: string): Promise<number> {
  // A site nobody answers for: saved with a warning (its credentials cannot be checked).
  const created = await apiCall<{ id: number }>(page, 'POST', '/api/sites', {
    name,
    url: 'http://127.0.0.1:9',
    username: 'editor',
    password: 'abcd efgh ijkl mnop qrst uvwx',
  });
  expect(created.status).toBe(201);
  return created.json.id;
}

test('Add Blog Configuration at 1280×800 keeps Save in view while its form scrolls; a toast leaves the buttons free', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page);
  const siteId = await addSiteOffline(page, 'Dialog layout site');
  try {
    await page.goto('/config');
    await page.getByRole('button', { name: 'Add Configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Blog Configuration' });
    await expect(dialog.getByRole('heading', { name: 'Add Blog Configuration' })).toBeInViewport();
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
    // The form is longer than the window: its content scrolls, not the page.
    const content = dialog.locator('.MuiDialogContent-root');
    expect(await content.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await saveScreen(page, 'dialog-add-blog-configuration-1280x800');

    // A toast while the dialog is open: the server cannot save (answered here as a server that is away would).
    await dialog.getByRole('combobox', { name: /WordPress Site/ }).click();
    await page.getByRole('option', { name: /Dialog layout site/ }).click();
    const topic = dialog.getByLabel('Add Topic');
    await topic.fill('Composting');
    await topic.press('Enter');
    await page.route('**/api/config', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, json: { error: 'Service unavailable', code: 'unavailable' } })
        : route.continue(),
    );
    await save.click();
    await expect(page.getByText(/Service unavailable|Failed to save configuration/).first()).toBeVisible();
    await expect(dialog).toBeVisible();
    await expectUncovered(save);
    await expectUncovered(dialog.getByRole('button', { name: 'Cancel' }));
  } finally {
    await apiCall(page, 'DELETE', `/api/sites/${siteId}`);
  }
});

test('Add Site on a phone keeps its button in view', async ({ page }) => {
  await login(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sites');
  await page.getByRole('button', { name: 'Add Site', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add WordPress Site' });
  await expect(dialog.getByRole('button', { name: 'Add Site' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  await saveScreen(page, 'dialog-add-site-390');
});
