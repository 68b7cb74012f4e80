import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi, screenDataUnavailable } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeSitesApi } from '../testing/fake-sites-api';

// Issue #37 point 7: a dialog's form that sent its values stays mounted, closed; leaving the page
// then loses nothing and must not ask (the e2e "checklist on a fresh install" met this question).

describe('the unsaved-changes question and a closed dialog', () => {
  it('does not ask after a site was added through the dialog', async () => {
    const api = createFakeSitesApi();
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers, screenDataUnavailable);
    const { user } = renderApp({ path: '/sites' });
    await user.click(await screen.findByRole('button', { name: 'Add Site' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add WordPress Site' });
    await user.type(within(dialog).getByLabelText(/Site Name/), 'Garden Blog');
    await user.type(within(dialog).getByLabelText(/WordPress URL/), 'https://garden.example');
    await user.type(within(dialog).getByLabelText(/^Username/), 'editor');
    await user.type(within(dialog).getByLabelText(/Application Password/), 'abcd efgh ijkl mnop qrst uvwx');
    await user.click(within(dialog).getByRole('button', { name: 'Add Site' }));
    expect(await screen.findByText('Site added successfully')).toBeInTheDocument();
    // The dialog closes (its exit transition runs) before the rest of the page can be used again.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add WordPress Site' })).not.toBeInTheDocument());

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Dashboard' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });
});
