import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export const OPERATOR_PASSWORD = 'e2e-operator-password';
const SCREENS_DIR = path.resolve(import.meta.dirname, '../artifacts/screens');

let clientCounter = 0;

/**
 * Each test gets its own client address (the e2e server trusts X-Forwarded-For), so failed
 * logins in one test never lock out another.
 */
export const test = base.extend<{ clientIp: string }>({
  // Playwright reads the fixture's dependencies from this destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  clientIp: async ({}, use, testInfo) => {
    clientCounter += 1;
    await use(`10.${testInfo.workerIndex % 250}.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`);
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'x-forwarded-for': clientIp });
  },
});

export { expect };

/** Signs in through the login screen and waits for the shell. */
export async function login(page: Page, password = OPERATOR_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** Saves a full-page screenshot as a test artifact (e2e/artifacts/screens/<name>.png). */
export async function saveScreen(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

/** Calls the API as the signed-in page does (same cookies, X-Requested-With). */
export async function apiCall<T = unknown>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await page.request.fetch(url, {
    method,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(body ? { 'content-type': 'application/json' } : {}) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status(), json: (text ? JSON.parse(text) : null) as T };
}
