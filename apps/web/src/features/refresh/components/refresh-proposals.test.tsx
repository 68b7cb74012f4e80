import { REFRESH_PROPOSAL_MESSAGES } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { makeRefreshProposal } from '../../../test/refresh-proposals';
import { renderApp } from '../../../test/render-app';
import { createFakeRefreshApi } from '../testing/fake-refresh-api';

function showRefresh(options: Parameters<typeof createFakeRefreshApi>[0] = {}) {
  const fake = createFakeRefreshApi(options);
  server.use(...fake.handlers);
  return { ...renderApp({ path: '/refresh' }), fake };
}

// The first screen of a file loads the app's lazy parts: more than findBy's default second on a busy machine.
const proposeButton = () =>
  screen.findByRole('button', { name: 'Propose refresh: Best kettles of 2024' }, { timeout: 5000 });

describe('Refresh proposals', () => {
  it.each([
    ['cooldown', REFRESH_PROPOSAL_MESSAGES.cooldown('May 27, 2027')],
    ['one waiting', REFRESH_PROPOSAL_MESSAGES.alreadyWaiting],
    ['nothing to change', REFRESH_PROPOSAL_MESSAGES.nothingToChange],
  ])('"Propose refresh" answered 409 (%s) shows the server’s text as it came', async (_case, text) => {
    const { user, fake } = showRefresh({ propose: text });
    await user.click(await proposeButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(fake.requests).toEqual([
      { method: 'POST', path: '/api/refresh/proposals', body: { site_id: 1, wp_id: 10 } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('proposes, shows the diff, applies only the checked changes and says each outcome (all dropped: refused)', async () => {
    const { user, fake } = showRefresh({
      dropChanges: { c1: 'The sentence was edited on WordPress since the proposal.' },
    });
    await user.click(await proposeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Refresh of “Best kettles of 2024”' });
    const changes = within(dialog).getByRole('list', { name: 'Proposed changes' });
    expect(within(changes).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByText('Waiting for a decision')).toBeInTheDocument();
    expect(within(dialog).getByText('$0.00')).toBeInTheDocument();
    expect(changes.querySelector('del')).toHaveTextContent('2024');
    expect(changes.querySelector('ins')).toHaveTextContent('2026');
    // Every change is checked at first; unchecking one leaves the other.
    expect(within(dialog).getByRole('button', { name: 'Apply selected (2)' })).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Apply change 2: Dead link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply selected (1)' }));
    await waitFor(() =>
      expect(fake.requests.at(-1)).toEqual({
        method: 'POST',
        path: '/api/refresh/proposals/7/apply',
        body: { change_ids: ['c1'] },
      }),
    );
    // c1 met a person's edit (dropped, with why); c2 was not chosen.
    expect(
      await within(dialog).findByText('Dropped: The sentence was edited on WordPress since the proposal.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Not applied: not selected')).toBeInTheDocument();
    // Nothing went in: the proposal is refused with the contract's text.
    expect(within(dialog).getByText(REFRESH_PROPOSAL_MESSAGES.allConflict)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('"Apply all" sends no change ids; "Undo" is offered and undoes', async () => {
    const { user, fake } = showRefresh({ proposals: [makeRefreshProposal()] });
    const panel = await screen.findByRole('list', { name: 'Refresh proposals' });
    await user.click(within(panel).getByRole('button', { name: 'Open the refresh of Best kettles of 2024' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Apply all' }));
    const changes = within(dialog).getByRole('list', { name: 'Proposed changes' });
    await waitFor(() => expect(within(changes).getAllByText('Applied')).toHaveLength(2));
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/api/refresh/proposals/7/apply', body: {} });
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/refresh/proposals/7/undo' }),
    );
    expect(await screen.findByText('Refresh undone: the old content is back.')).toBeInTheDocument();
    // The state and the date it was undone.
    expect(within(dialog).getAllByText('Undone')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('an undo refused because the post was edited since says so in words', async () => {
    const { user } = showRefresh({
      undoRefused: true,
      proposals: [
        makeRefreshProposal({
          state: 'applied',
          can_undo: true,
          applied_at: '2026-11-27T11:00:00Z',
          changes: makeRefreshProposal().changes.map((change) => ({ ...change, outcome: 'applied' as const })),
        }),
      ],
    });
    const panel = await screen.findByRole('list', { name: 'Refresh proposals' });
    await user.click(within(panel).getByRole('button', { name: 'Open the refresh of Best kettles of 2024' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Undo' }));
    expect(await within(dialog).findByText(REFRESH_PROPOSAL_MESSAGES.editedSince)).toBeInTheDocument();
    // Read again: the post is left alone and "Undo" is no longer offered.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Undo' })).toBeNull());
    expect(within(dialog).getAllByText(REFRESH_PROPOSAL_MESSAGES.editedSince)).toHaveLength(1);
  });

  it('dismisses a waiting proposal', async () => {
    const { user, fake } = showRefresh({ proposals: [makeRefreshProposal()] });
    const panel = await screen.findByRole('list', { name: 'Refresh proposals' });
    await user.click(within(panel).getByRole('button', { name: 'Open the refresh of Best kettles of 2024' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(dialog).getByText('Dismissed')).toBeInTheDocument());
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/refresh/proposals/7/dismiss' });
    expect(within(dialog).queryByRole('button', { name: 'Apply all' })).toBeNull();
  });

  it('lists proposals waiting first with site, post, changes and cost; a post shows its history', async () => {
    const { user } = showRefresh({
      proposals: [
        makeRefreshProposal({ id: 1, post_title: 'Old mulch guide', state: 'applied', cost_usd: 0.0042 }),
        makeRefreshProposal({ id: 2, post_title: 'Waiting hedge guide', estimated_cost_usd: 0.013 }),
        makeRefreshProposal({ id: 3, wp_id: 99, post_title: 'Dismissed peat guide', state: 'dismissed' }),
      ],
    });
    const panel = await screen.findByRole('list', { name: 'Refresh proposals' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Waiting hedge guide',
      'Old mulch guide',
      'Dismissed peat guide',
    ]);
    expect(rows[0]).toHaveTextContent('Waiting for a decision');
    expect(rows[0]).toHaveTextContent('Garden Blog · 2 changes: Out-of-date year, Dead link · estimated $0.013');
    expect(rows[1]).toHaveTextContent('cost $0.0042');

    await user.click(screen.getByRole('button', { name: 'History: Best kettles of 2024' }));
    const history = await screen.findByRole('list', { name: 'Refresh history' });
    // Only that post's proposals (wp_id 10), what and why.
    expect(history).toHaveTextContent('Out-of-date year: Says “in 2024”; it is 2026 now.');
    expect(history).not.toHaveTextContent('Dismissed');
    expect(history).toHaveTextContent('Applied');
  });

  it('saves the site’s refresh settings, and puts a 400’s field problems under their fields', async () => {
    const { user, fake } = showRefresh({ refuseSettings: true });
    await user.click(await screen.findByRole('combobox', { name: 'Site' }));
    await user.click(screen.getByRole('option', { name: 'Garden Blog' }));
    await user.click(screen.getByRole('button', { name: 'Refresh settings' }));
    const form = await screen.findByRole('form', { name: 'Refresh settings' });
    const cooldown = within(form).getByRole('spinbutton', { name: 'Cooldown (days)' });
    expect(cooldown).toHaveValue(180);
    // The contract's own rule first: nothing is sent.
    await user.clear(cooldown);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('must be a number')).toBeInTheDocument();
    expect(fake.requests).toHaveLength(0);

    await user.type(cooldown, '3');
    await user.click(within(form).getByRole('checkbox', { name: 'Apply dead-link fixes automatically' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('must be at least 7 days while dead-link fixes apply by themselves'),
    ).toBeInTheDocument();
    expect(fake.requests.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/refresh/settings/1',
      body: { weekly_proposals: 0, auto_apply_dead_links: true, cooldown_days: 3 },
    });
    expect(cooldown).toHaveAccessibleDescription('must be at least 7 days while dead-link fixes apply by themselves');
  });
});
