import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi, screenDataUnavailable } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeManualApi } from '../testing/fake-manual-api';

// Issue #37 point 7: the Single Article form asks before its typed topic is lost, and not once
// the article was written (markSaved).

async function showManual() {
  const api = createFakeManualApi();
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers, screenDataUnavailable);
  const view = renderApp({ path: '/manual' });
  await screen.findByRole('heading', { level: 1, name: 'Manual Content Generation' }, { timeout: 15_000 });
  return view;
}

const goToDashboard = async (user: Awaited<ReturnType<typeof showManual>>['user']) =>
  user.click(
    within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Dashboard' }),
  );

describe('Single Article: leaving the form', () => {
  it('asks while a typed topic is not sent, and not after the article was written', async () => {
    const { user } = await showManual();
    await user.type(await screen.findByRole('textbox', { name: /^Topic/ }), 'Composting');
    await goToDashboard(user);
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: /^Site/ }));
    await user.click(await screen.findByRole('option', { name: 'Garden Blog' }));
    await user.click(screen.getByRole('button', { name: 'Push to WordPress' }));
    expect(
      await screen.findByText('Article generated and pushed to WordPress as a draft', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await goToDashboard(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });
});
