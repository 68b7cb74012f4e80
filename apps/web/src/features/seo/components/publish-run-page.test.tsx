import { SEO_PUBLISH_RUN_PAGE, type SeoPublishRun } from '@abp/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';

const NOW = '2026-11-20T12:00:00.000Z';

function makeRun(overrides: Partial<SeoPublishRun> = {}): SeoPublishRun {
  return {
    id: 5,
    project_id: 3,
    kind: 'pages',
    target_status: 'publish',
    state: 'done',
    total: 2,
    processed: 2,
    error: null,
    created_at: NOW,
    finished_at: NOW,
    outcome: {
      success: false,
      published: 1,
      drafts: 0,
      failed: 1,
      skipped: 0,
      warnings: [],
      summary: { total: 2, published: 1, drafts: 0, failed: 1 },
      results: [
        {
          id: 11,
          title: 'About us',
          outcome: 'published',
          wordpress_id: 70,
          permalink: 'https://garden.example/about/',
          error: null,
        },
        {
          id: 12,
          title: 'Contact',
          outcome: 'failed',
          wordpress_id: null,
          permalink: null,
          error: 'WordPress refused the page: Invalid parameter.',
        },
      ],
    },
    ...overrides,
  };
}

let runs: Map<number, SeoPublishRun>;
let calls: string[];

beforeEach(() => {
  runs = new Map();
  calls = [];
  server.use(
    ...createFakeAuthApi({ authenticated: true }).handlers,
    http.get('/api/seo/publish-runs/:runId', ({ params }) => {
      const run = runs.get(Number(params.runId));
      return run
        ? HttpResponse.json(run)
        : HttpResponse.json({ error: SEO_PUBLISH_RUN_PAGE.notFound, code: 'not_found' }, { status: 404 });
    }),
    http.post('/api/seo/publish-runs/:runId/retry', ({ params }) => {
      calls.push(`retry ${params.runId}`);
      const next = makeRun({
        id: 6,
        state: 'queued',
        total: 1,
        processed: 0,
        finished_at: null,
        outcome: { ...makeRun().outcome, published: 0, failed: 0, results: [] },
      });
      runs.set(6, next);
      return HttpResponse.json(next, { status: 202 });
    }),
    http.post('/api/seo/publish-runs/:runId/cancel', ({ params }) => {
      calls.push(`cancel ${params.runId}`);
      const run = runs.get(Number(params.runId))!;
      const cancelled = { ...run, state: 'failed' as const, error: SEO_PUBLISH_RUN_PAGE.cancelledReason };
      runs.set(run.id, cancelled);
      return HttpResponse.json(cancelled);
    }),
  );
});

describe('an SEO publish run’s page (issue #37 point 2)', () => {
  it('shows what went live and why an item failed; Retry failed opens the new run’s page', async () => {
    runs.set(5, makeRun());
    const { user } = renderApp({ path: '/jobs/seo-publish/5' });
    expect(
      await screen.findByRole('heading', { name: SEO_PUBLISH_RUN_PAGE.title, level: 1 }, { timeout: 10_000 }),
    ).toBeVisible();
    const items = await screen.findByRole('region', { name: SEO_PUBLISH_RUN_PAGE.items });
    const live = within(items).getByRole('listitem', { name: 'About us' });
    expect(within(live).getByText('Live')).toBeVisible();
    expect(within(live).getByRole('link', { name: SEO_PUBLISH_RUN_PAGE.viewPost })).toHaveAttribute(
      'href',
      'https://garden.example/about/',
    );
    const failed = within(items).getByRole('listitem', { name: 'Contact' });
    expect(within(failed).getByText('Reason: WordPress refused the page: Invalid parameter.')).toBeVisible();
    expect(screen.queryByRole('button', { name: SEO_PUBLISH_RUN_PAGE.cancel })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: SEO_PUBLISH_RUN_PAGE.retryFailed }));
    expect(await screen.findByText('Run ID: 6')).toBeVisible();
    expect(calls).toEqual(['retry 5']);
    expect(await screen.findByText(SEO_PUBLISH_RUN_PAGE.retried(1))).toBeVisible();
    // The new run has not finished: it can be cancelled, not retried.
    await user.click(await screen.findByRole('button', { name: SEO_PUBLISH_RUN_PAGE.cancel }));
    expect(calls).toEqual(['retry 5', 'cancel 6']);
    expect(await screen.findByText(`Reason: ${SEO_PUBLISH_RUN_PAGE.cancelledReason}`)).toBeVisible();
    expect(screen.queryByRole('button', { name: SEO_PUBLISH_RUN_PAGE.cancel })).not.toBeInTheDocument();
  });

  it('offers no Retry when every item reached the site', async () => {
    runs.set(
      5,
      makeRun({
        outcome: { ...makeRun().outcome, failed: 0, results: [makeRun().outcome.results[0]!] },
        total: 1,
        processed: 1,
      }),
    );
    renderApp({ path: '/jobs/seo-publish/5' });
    expect(await screen.findByRole('listitem', { name: 'About us' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: SEO_PUBLISH_RUN_PAGE.retryFailed })).not.toBeInTheDocument();
  });

  it('says the run does not exist when the server no longer has it', async () => {
    renderApp({ path: '/jobs/seo-publish/404' });
    expect(await screen.findByText(SEO_PUBLISH_RUN_PAGE.notFound, {}, { timeout: 10_000 })).toBeVisible();
  });
});
