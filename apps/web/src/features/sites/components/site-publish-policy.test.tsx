import { PUBLISH_POLICY_LABELS, PUBLISH_POLICY_TEXT } from '@abp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { createFakeSitesApi } from '../testing/fake-sites-api';

// Issue #33: the Sites form carries the site's default publishing policy and the preview switch.
describe('the Sites form: publishing policy', () => {
  it('shows the site policy, asks for hours on a delay, and saves both fields', async () => {
    const api = createFakeSitesApi({ sites: [makeSite()] });
    server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
    const { user } = renderApp({ path: '/sites' });
    const row = (await screen.findByRole('cell', { name: 'Garden Blog' }, { timeout: 5_000 })).closest('tr')!;
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WordPress Site' });

    const policy = within(dialog).getByRole('combobox', { name: PUBLISH_POLICY_TEXT.policyLabel });
    expect(policy).toHaveTextContent(PUBLISH_POLICY_LABELS.auto);
    expect(within(dialog).queryByLabelText(PUBLISH_POLICY_TEXT.delayHoursLabel)).not.toBeInTheDocument();
    await user.click(policy);
    await user.click(await screen.findByRole('option', { name: PUBLISH_POLICY_LABELS.delay }));
    const hours = within(dialog).getByLabelText(PUBLISH_POLICY_TEXT.delayHoursLabel);
    expect(hours).toHaveValue(24);
    await user.clear(hours);
    await user.type(hours, '6');
    await user.click(within(dialog).getByLabelText(PUBLISH_POLICY_TEXT.sendHeldAsDraft));
    await user.click(within(dialog).getByRole('button', { name: 'Update Site' }));
    expect(await screen.findByText('Site updated successfully')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/sites/1')[0]?.body).toMatchObject({
      publish_policy: { mode: 'delay', delay_hours: 6 },
      send_held_as_draft: true,
    });
  });
});
