import type { Page } from '@playwright/test';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../apps/server/test/llm/fake-openai-server.js';
import { deleteBulkJobPosts, realWordPress, realWordPressMissing } from './support/article-seeding.js';
import { apiCall, expect, login, saveScreen, test } from './support/fixtures.js';

/*
 * Cost control (issue #16): a price set in Settings, a small bulk job written by a model behind a
 * local OpenAI-compatible server (reporting its usage as OpenAI does), its cost seen live on the
 * job and then on the Dashboard.
 */

async function useModel(page: Page, model: FakeOpenAiServer): Promise<void> {
  const saved = await apiCall(page, 'PUT', '/api/settings/llm', {
    provider: 'openai-compatible',
    model: 'fake-model',
    base_url: model.baseUrl,
    api_key: 'e2e-key',
    concurrency: 2,
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
}

test.describe('Cost control', () => {
  test.skip(
    realWordPressMissing && !process.env.CI,
    'WP_URL, WP_USER and WP_APP_PASSWORD are not set: eval "$(bash scripts/wordpress-test-site.sh)"',
  );

  test('a price and a budget set in Settings: a bulk job’s cost live on the job, on the Dashboard and against the budget', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const model = await startFakeOpenAiServer({ latencyMs: 150 });
    await login(page);
    let siteId: number | null = null;
    let jobId: string | null = null;
    try {
      await useModel(page, model);
      const site = await apiCall<{ id: number }>(page, 'POST', '/api/sites', {
        name: 'E2E Cost Site',
        url: realWordPress.url,
        username: realWordPress.user,
        password: realWordPress.password,
        is_active: true,
        content_persona: '',
      });
      expect(site.status).toBe(201);
      siteId = site.json.id;

      // Settings: the model in use has no price yet; one is added.
      await page.goto('/settings');
      const prices = page.getByRole('region', { name: 'Model prices' });
      await expect(prices.getByText(/No price is known for openai-compatible\/fake-model/)).toBeVisible();
      await prices.getByRole('button', { name: 'Add price' }).click();
      const row = prices.getByRole('group', { name: 'Price 1' });
      await expect(row.getByRole('textbox', { name: 'Model' })).toHaveValue('fake-model');
      await row.getByRole('textbox', { name: 'Input price' }).fill('2.5');
      await row.getByRole('textbox', { name: 'Output price' }).fill('10');
      await prices.getByRole('button', { name: 'Save prices' }).click();
      await expect(page.getByText('Model prices saved')).toBeVisible();
      await expect(
        prices.getByText(/Charged now: openai-compatible\/fake-model at \$2\.50 .* \$10\.00 .*\(your price\)/),
      ).toBeVisible();
      await saveScreen(page, 'settings-model-prices');

      // A monthly budget for the site, far above what the job costs.
      const budgets = page.getByRole('region', { name: 'Budgets' });
      await budgets.getByRole('button', { name: 'Add site budget' }).click();
      const siteBudget = budgets.getByRole('group', { name: 'Site budget 1' });
      await siteBudget.getByRole('combobox', { name: 'Site' }).click();
      await page.getByRole('option', { name: 'E2E Cost Site' }).click();
      await siteBudget.getByRole('textbox', { name: 'Monthly budget' }).fill('25');
      await budgets.getByRole('button', { name: 'Save budgets' }).click();
      await expect(page.getByText('Budgets saved')).toBeVisible();
      await expect(
        budgets.getByRole('group', { name: 'Budget of E2E Cost Site' }).getByText('$0.00 of $25.00 (0 %)'),
      ).toBeVisible();

      // A bulk job of three: its spend shows while it runs and when it is done.
      await page.goto('/manual');
      await page.getByRole('tab', { name: 'Bulk Generation' }).click();
      const form = page.getByRole('form', { name: 'Bulk generation' });
      const run = Date.now().toString(36);
      await form
        .getByLabel(/Items List/)
        .fill(
          [`Window box strawberries (${run})`, `Balcony compost bins (${run})`, `Shade-loving herbs (${run})`].join(
            '\n',
          ),
        );
      await form.getByRole('combobox', { name: /^Site/ }).click();
      await page.getByRole('option', { name: 'E2E Cost Site' }).click();
      await form.getByLabel('Word Count').fill('500');
      await form.getByRole('switch', { name: 'Include Images' }).uncheck();
      await form.getByRole('button', { name: 'Start Background Job' }).click();
      const status = page.getByRole('region', { name: 'Bulk job status' });
      await expect(status.getByText(/^Job ID: /)).toBeVisible();
      jobId = ((await status.getByText(/^Job ID: /).textContent()) ?? '').replace('Job ID: ', '').trim();
      await expect(status.getByText(/^Spent so far: \$\d/)).toBeVisible({ timeout: 60_000 });
      await expect(status.getByText('3/3 (100%)')).toBeVisible({ timeout: 120_000 });

      // The billed usage, priced at $2.50 / $10 per million tokens, is what the job shows.
      const billedUsd =
        model.reportedUsage.reduce(
          (sum, usage) => sum + usage.promptTokens * 2500 + usage.completionTokens * 10_000,
          0,
        ) / 1e9;
      const job = await apiCall<{ job: { cost: { spent_usd: number; calls: number } } }>(
        page,
        'GET',
        `/api/bulk-jobs/${jobId}/status`,
      );
      expect(job.json.job.cost).toMatchObject({ spent_usd: billedUsd, calls: model.requests.length });
      const shown = (usd: number) =>
        `$${usd.toLocaleString('en-US', usd >= 1 ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
      await expect(status.getByText(`Spent so far: ${shown(billedUsd)}`)).toBeVisible();
      await saveScreen(page, 'bulk-job-cost');

      // The Dashboard: this month's spend, the site and the model.
      await page.goto('/');
      const spend = page.getByRole('region', { name: 'Model Spend This Month' });
      await expect(spend.getByLabel('Spend this month')).toHaveText(shown(billedUsd));
      await expect(spend.getByRole('region', { name: 'By site' }).getByText('E2E Cost Site')).toBeVisible();
      await expect(
        spend.getByRole('region', { name: 'By provider' }).getByText('openai-compatible/fake-model'),
      ).toBeVisible();
      await saveScreen(page, 'dashboard-model-spend');

      // The budget counts what the job spent.
      await page.goto('/settings');
      await expect(
        page.getByRole('group', { name: 'Budget of E2E Cost Site' }).getByText(`${shown(billedUsd)} of $25.00 (0 %)`),
      ).toBeVisible();
      await saveScreen(page, 'settings-budgets');
    } finally {
      if (jobId) await deleteBulkJobPosts(page, jobId);
      await apiCall(page, 'PUT', '/api/settings/budgets', { monthly_usd: null, sites: [] });
      if (siteId !== null) await apiCall(page, 'DELETE', `/api/sites/${siteId}?cascade=true`);
      // The other tests write with the offline writer (the environment's).
      await apiCall(page, 'DELETE', '/api/settings/llm');
      await apiCall(page, 'PUT', '/api/settings/prices', { prices: [] });
      await model.close();
    }
  });
});
