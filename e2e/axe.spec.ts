import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  cleanUp,
  realWordPress,
  realWordPressMissing,
  type SeededSite,
  seedSiteWithArticles,
} from './support/article-seeding.js';
import { apiCall, expect, login, saveScreen, test } from './support/fixtures.js';

// Issue #37: axe reports nothing on every signed-in screen at 1280 and 390 px — every rule axe
// runs by default, best practices included (`region`: content outside landmarks was reported on
// every signed-in page), at every impact.

const SCREENS = [
  { path: '/', heading: 'Dashboard' },
  { path: '/sites', heading: 'WordPress Sites' },
  { path: '/config', heading: 'Blog Configuration' },
  { path: '/articles', heading: 'Generated Articles' },
  { path: '/review', heading: 'Review' },
  { path: '/calendar', heading: 'Calendar' },
  { path: '/manual', heading: 'Manual Content Generation' },
  { path: '/manual-secure', heading: 'Secure Manual Article Generation' },
  { path: '/trends', heading: 'Trend Monitor' },
  { path: '/seo-suite', heading: 'SEO Projects' },
  { path: '/seo-suite/wizard', heading: 'Full SEO Suite Wizard' },
  { path: '/refresh', heading: 'Refresh' },
  { path: '/settings', heading: 'Settings' },
] as const;

/**
 * A trend check that has finished, for its page: its only feed is a closed local port, so it reads
 * nothing, writes nothing and lists the feed it could not read with the reason.
 */
async function finishedTrendRun(page: Page): Promise<number> {
  expect(
    (
      await apiCall(page, 'PUT', '/api/settings/trends', {
        feeds: ['http://127.0.0.1:9/trends.xml'],
        interval_hours: 0,
      })
    ).status,
  ).toBe(200);
  const latest = async () =>
    (await apiCall<{ items: { id: number; status: string }[] }>(page, 'GET', '/api/trends/logs?limit=1')).json.items[0];
  const before = (await latest())?.id ?? 0;
  expect((await apiCall(page, 'POST', '/api/trends/check')).status).toBe(202);
  let id = 0;
  await expect
    .poll(
      async () => {
        const run = await latest();
        id = run && run.id > before && run.status !== 'running' ? run.id : 0;
        return id;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  return id;
}

/**
 * A bulk job that has ended, for its page (issue #37 point 2): on a site, with the offline writer,
 * not sent to WordPress (nothing to clean up there). Its items succeed; on a site whose password
 * WordPress rejects, they fail with the reason (and the page offers Retry).
 */
async function finishedBulkJob(page: Page, siteId: number, items: string[], postToWordPress: boolean): Promise<string> {
  const started = await apiCall<{ job_id: string }>(page, 'POST', '/api/bulk-jobs/start', {
    items_list: items,
    site_id: siteId,
    task_type: 'Blog Post',
    options: { includeImages: false, publishStatus: 'draft', wordCount: 500, persona: '', postToWordPress },
  });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const jobId = started.json.job_id;
  await expect
    .poll(
      async () =>
        (await apiCall<{ job: { status: string } }>(page, 'GET', `/api/bulk-jobs/${jobId}/status`)).json.job.status,
      { timeout: 90_000 },
    )
    .toMatch(/^(completed|failed|cancelled)$/);
  return jobId;
}

/**
 * An SEO publish run that has ended, for its page (issue #37 point 2): one of a project's website
 * pages (offline writer) sent to the real WordPress as a draft. (A site whose password WordPress
 * rejects is refused before a run starts.) The project's deletion removes the page from WordPress.
 */
async function seoPublishRun(page: Page, siteId: number): Promise<{ runId: number; projectId: number }> {
  const project = await apiCall<{ id: number }>(page, 'POST', '/api/seo-suite/projects', {
    site_id: siteId,
    project_name: 'Axe SEO',
    niche: 'rain gardens',
  });
  expect(project.status, JSON.stringify(project.json)).toBe(201);
  const projectId = project.json.id;
  // Website pages are written from the project's outline, and the outline from its keywords.
  const keywords = await apiCall(page, 'POST', '/api/seo-suite/generate-keywords', { project_id: projectId });
  expect(keywords.status, JSON.stringify(keywords.json)).toBe(200);
  const outline = await apiCall(page, 'POST', '/api/seo-suite/generate-outline', { project_id: projectId });
  expect(outline.status, JSON.stringify(outline.json)).toBe(200);
  const pages = await apiCall<{ pages: { id: number }[] }>(
    page,
    'POST',
    `/api/seo/projects/${projectId}/generate-pages`,
    {},
  );
  expect(pages.status, JSON.stringify(pages.json)).toBe(200);
  const started = await apiCall<{ id: number }>(page, 'POST', `/api/seo/projects/${projectId}/publish-pages`, {
    status: 'draft',
    pageIds: pages.json.pages.slice(0, 1).map((p) => p.id),
  });
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  const runId = started.json.id;
  await expect
    .poll(async () => (await apiCall<{ state: string }>(page, 'GET', `/api/seo/publish-runs/${runId}`)).json.state, {
      timeout: 90_000,
    })
    .toMatch(/^(done|failed)$/);
  return { runId, projectId };
}

async function axeFindings(page: Page): Promise<string[]> {
  // Colours are judged on the finished screen: MUI's fades and ripples (which ignore reduced
  // motion) run at part opacity, and a button caught mid-fade was reported as low contrast.
  // (Endless ones, spinners, are not waited for.)
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
        .map(
          (node) =>
            `${node.target.join(' ')} — ${node.html.slice(0, 100)} — ${(node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`,
        )
        .join(' | ')}`,
  );
}

/** A screen to scan; `open` brings up what is scanned on it (a dialog) after its heading shows. */
interface Screen {
  path: string;
  heading: string;
  name?: string;
  open?: (page: Page) => Promise<void>;
}

async function scanEveryScreen(page: Page, extra: Screen[] = []): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const screen of [...SCREENS, ...extra] as Screen[]) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await screen.open?.(page);
      // Every section has its data (or its empty state): no spinner left. (A bar with a value is a
      // figure, not a wait: a finished job's page shows its progress at 100 %.)
      await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, { timeout: 15_000 });
      for (const line of await axeFindings(page)) problems.push(`${screen.name ?? screen.path} at ${width}: ${line}`);
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
    let refusedSiteId: number | null = null;
    let seoProjectId: number | null = null;
    try {
      site = await seedSiteWithArticles(page, 'Axe Garden', 2);
      const trendRun = await finishedTrendRun(page);
      const run = Date.now().toString(36);
      const seoRun = await seoPublishRun(page, site.id);
      seoProjectId = seoRun.projectId;
      const bulkJob = await finishedBulkJob(
        page,
        site.id,
        [`Mulch for raised beds (${run})`, `Companion planting (${run})`],
        false,
      );
      // Issue #37 point 3: a site whose password WordPress rejects (shown so on Sites), and its job's
      // failures. A site is added once per address: the plain-permalink test site is this one.
      let failedJob: string | null = null;
      if (process.env.WP_PLAIN_URL) {
        const refused = await apiCall<{ id: number }>(page, 'POST', '/api/sites', {
          name: 'Axe Refused',
          url: process.env.WP_PLAIN_URL,
          username: process.env.WP_PLAIN_USER ?? realWordPress.user,
          password: 'aaaa bbbb cccc dddd eeee ffff',
          is_active: true,
          content_persona: '',
        });
        expect(refused.status, JSON.stringify(refused.json)).toBe(201);
        refusedSiteId = refused.json.id;
        failedJob = await finishedBulkJob(page, refusedSiteId, [`Rain barrel basics (${run})`], true);
      }
      const problems = await scanEveryScreen(page, [
        { path: `/sites/${site.id}/content`, heading: 'Content of Axe Garden' },
        // Issue #37 point 2: a trend check's own page.
        { path: `/jobs/trend/${trendRun}`, heading: 'Trend check' },
        // Issue #37 point 2: a bulk job's own page, its items written, and one whose items failed.
        {
          path: `/jobs/bulk/${bulkJob}`,
          heading: 'Bulk job',
          name: 'the bulk job page (written)',
          open: async (p) => {
            await expect(p.getByRole('region', { name: 'Successful items' }).getByRole('listitem')).toHaveCount(2);
          },
        },
        ...(failedJob
          ? [
              {
                path: `/jobs/bulk/${failedJob}`,
                heading: 'Bulk job',
                name: 'the bulk job page (failed)',
                open: async (p: Page) => {
                  const failed = p.getByRole('region', { name: 'Failed items' });
                  await expect(failed.getByRole('button', { name: /^Retry this item/ })).toBeVisible();
                },
              },
            ]
          : []),
        {
          path: `/jobs/seo-publish/${seoRun.runId}`,
          heading: 'SEO publish run',
          name: 'the SEO publish run page',
          open: async (p) => {
            await expect(p.getByRole('region', { name: 'Items' }).getByRole('listitem')).toHaveCount(1);
          },
        },
        // Issue #37 point 5: the article editor dialog, its visual editor loaded.
        {
          path: '/articles',
          heading: 'Generated Articles',
          name: 'the article editor',
          open: async (p) => {
            await p.getByRole('button', { name: 'Edit', exact: true }).first().click();
            const dialog = p.getByRole('dialog', { name: 'Edit Article' });
            await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveAttribute('contenteditable', 'true');
          },
        },
      ]);
      expect(problems).toEqual([]);
    } finally {
      // The SEO project with its WordPress page (a draft, deleted for good), while its site is there.
      if (seoProjectId !== null) {
        const deleted = await apiCall(page, 'POST', '/api/seo-suite/delete-projects', {
          projectIds: [seoProjectId],
          deleteWordPressPosts: true,
          deletePermanently: true,
          force: true,
        });
        expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
      }
      await cleanUp(page, site);
      // Its job sent nothing to WordPress (the password was refused): the site and its job go.
      if (refusedSiteId !== null) await apiCall(page, 'DELETE', `/api/sites/${refusedSiteId}?cascade=true`);
      await apiCall(page, 'DELETE', '/api/settings/trends');
    }
  });
});
