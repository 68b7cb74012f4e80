import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuthApi, screenDataUnavailable } from '../../../test/auth-api';
import { createFakeBulkJobsApi } from '../../../test/bulk-jobs-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeManualApi } from '../testing/fake-manual-api';

// Issue #37 point 7: the Bulk form asks before its typed items are lost, and not once a job holds
// them (markSaved after the server confirmed the start); a refused start keeps the question.

afterEach(() => window.localStorage.clear());

async function fillBulkForm(refuseStart = false) {
  const bulk = createFakeBulkJobsApi();
  server.use(
    ...createFakeAuthApi({ authenticated: true }).handlers,
    ...createFakeManualApi().handlers,
    ...(refuseStart
      ? [
          http.post('/api/bulk-jobs/start', () =>
            HttpResponse.json({ error: 'Database unavailable', code: 'unavailable' }, { status: 503 }),
          ),
        ]
      : []),
    ...bulk.handlers,
    screenDataUnavailable,
  );
  const view = renderApp({ path: '/manual' });
  await view.user.click(await screen.findByRole('tab', { name: 'Bulk Generation' }, { timeout: 15_000 }));
  const form = await screen.findByRole('form', { name: 'Bulk generation' });
  await view.user.click(within(form).getByLabelText(/Items List/));
  await view.user.paste('Compost basics\nRaised beds');
  await view.user.click(within(form).getByRole('combobox', { name: /^Site/ }));
  await view.user.click(await screen.findByRole('option', { name: 'Garden Blog' }));
  return { ...view, form, bulk };
}

const goToDashboard = async (user: Awaited<ReturnType<typeof fillBulkForm>>['user']) =>
  user.click(
    within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Dashboard' }),
  );

describe('Bulk Generation: leaving the form', () => {
  it('asks while typed items are not sent, and not after the job started', async () => {
    const { user, form, bulk } = await fillBulkForm();
    await goToDashboard(user);
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(form).getByRole('button', { name: 'Start Background Job' }));
    await waitFor(() => expect(bulk.requestsTo('POST', '/api/bulk-jobs/start')).toHaveLength(1));
    expect(await screen.findByText(/Job ID: job-1/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await goToDashboard(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  }, 45_000);

  it('still asks when the server refused the start: the items are not in any job', async () => {
    const { user, form } = await fillBulkForm(true);
    await user.click(within(form).getByRole('button', { name: 'Start Background Job' }));
    expect(await screen.findByText(/Database unavailable/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await goToDashboard(user);
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  }, 45_000);
});
