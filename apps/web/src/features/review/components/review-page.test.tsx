import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setWindowWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { makeRefreshProposal } from '../../../test/refresh-proposals';
import { renderApp } from '../../../test/render-app';
import { createFakeReviewApi, makeReviewItem } from '../testing/fake-review-api';

const three = () => [
  makeReviewItem({ id: 1, title: 'Held mulch guide' }),
  makeReviewItem({
    id: 2,
    title: 'Refused peat guide',
    reason: 'quality_gate',
    reason_label: 'Quality gate objection',
    quality_report: {
      severity: 'severe',
      message: 'Blocked',
      issues: [{ rule: 'placeholder', severity: 'severe', message: 'Contains placeholder text: [insert quote].' }],
      warnings: [],
      blocking: true,
    },
  }),
  makeReviewItem({ id: 3, title: 'Delayed hedge guide', reason: 'delayed', reason_label: 'Publishes after a delay' }),
];

function showInbox(items = three(), options: Parameters<typeof createFakeReviewApi>[1] = {}) {
  const fake = createFakeReviewApi(items, options);
  server.use(...fake.handlers);
  return { ...renderApp({ path: '/review' }), fake };
}

const detailTitle = () => screen.findByRole('heading', { level: 2 });

describe('Review inbox', () => {
  it('lists what waits with site, reason, since and cost; the detail shows the report, links, cost and preview', async () => {
    showInbox();
    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Waiting for review' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Held mulch guide')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Held for review')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Garden Blog')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$0.0123')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/waiting since/)).toBeInTheDocument();
    expect(await detailTitle()).toHaveTextContent('Held mulch guide');
    expect(screen.getByText('minor: A little short: 700 of 800 words.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'our soil guide' })).toHaveAttribute(
      'href',
      'https://garden.example/soil/',
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/articles?edit=1');
    expect(await screen.findByTitle('Article preview')).toBeInTheDocument();
    expect(screen.getByText('Preview — as Garden Blog will show it')).toBeInTheDocument();
    expect(screen.getByText(/Keys: j next · k previous · x check · a approve · r reject/)).toBeInTheDocument();
    // The navigation carries the count.
    expect(await screen.findByLabelText('3 waiting')).toBeInTheDocument();
  });

  it('keys: j and k move, a approves the open item, x checks, r asks for a reason and rejects the checked', async () => {
    const { user, fake } = showInbox();
    expect(await detailTitle()).toHaveTextContent('Held mulch guide');
    await user.keyboard('j');
    expect(await detailTitle()).toHaveTextContent('Refused peat guide');
    expect(screen.getByRole('button', { name: 'Approve (publish anyway)' })).toBeInTheDocument();
    await user.keyboard('j');
    expect(await detailTitle()).toHaveTextContent('Delayed hedge guide');
    expect(screen.getByRole('button', { name: 'Hold' })).toBeInTheDocument();
    await user.keyboard('k');
    expect(await detailTitle()).toHaveTextContent('Refused peat guide');
    await user.keyboard('a');
    await waitFor(() => expect(fake.decisions).toHaveLength(1));
    expect(fake.decisions[0]).toEqual({ action: 'approve', body: { items: [{ kind: 'article', id: 2 }] } });
    expect(await screen.findByText('1 approved')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Waiting for review' })).getAllByRole('listitem')).toHaveLength(2),
    );

    // x checks the open item; j, x checks the next; r rejects both, with a reason required.
    await user.keyboard('k');
    expect(await detailTitle()).toHaveTextContent('Held mulch guide');
    await user.keyboard('xjx');
    expect(screen.getByText('2 checked')).toBeInTheDocument();
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 items' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Say why: the reason is kept with the article')).toBeInTheDocument();
    // Typing in the dialog is not a shortcut.
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Too generic for a jar');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(fake.decisions).toHaveLength(2));
    expect(fake.decisions[1]).toEqual({
      action: 'reject',
      body: {
        items: [
          { kind: 'article', id: 1 },
          { kind: 'article', id: 3 },
        ],
        reason: 'Too generic for a jar',
      },
    });
    expect(await screen.findByText('Nothing waits for review.')).toBeInTheDocument();
  });

  it('bulk: the checked items are approved together; a failing one is said and stays checked', async () => {
    const { user, fake } = showInbox(three(), { refuse: { 'article:3': 'WordPress refused: not allowed' } });
    await screen.findByRole('list', { name: 'Waiting for review' });
    await user.click(screen.getByRole('checkbox', { name: 'Check Held mulch guide' }));
    await user.click(screen.getByRole('checkbox', { name: 'Check Delayed hedge guide' }));
    await user.click(screen.getByRole('button', { name: 'Approve checked' }));
    await waitFor(() => expect(fake.decisions).toHaveLength(1));
    expect(fake.decisions[0]!.body.items).toEqual([
      { kind: 'article', id: 1 },
      { kind: 'article', id: 3 },
    ]);
    expect(await screen.findByText('1 approved; 1 not approved: WordPress refused: not allowed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1 checked')).toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Check Delayed hedge guide' })).toBeChecked();
  });

  it('approve and schedule sends the chosen time', async () => {
    const { user, fake } = showInbox();
    await detailTitle();
    await user.click(screen.getByRole('button', { name: 'Approve and schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and schedule' });
    const field = within(dialog).getByLabelText('Publish at');
    await user.clear(field);
    await user.type(field, '2030-01-02T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and schedule' }));
    await waitFor(() => expect(fake.decisions).toHaveLength(1));
    expect(fake.decisions[0]!.body).toEqual({
      items: [{ kind: 'article', id: 1 }],
      schedule_at: new Date('2030-01-02T09:30').toISOString(),
    });
  });

  it('a refresh proposal shows its diff; approve applies it and reject dismisses it, by {kind, id}', async () => {
    const refresh = (id: number, title: string) =>
      makeReviewItem({
        kind: 'refresh',
        id,
        title,
        reason: 'refresh',
        reason_label: 'Refresh proposal',
        quality_report: null,
        links: [],
        usage: null,
        article_id: null,
        refresh_proposal: makeRefreshProposal({ id, post_title: title }),
      });
    const { user, fake } = showInbox([refresh(7, 'Best kettles of 2024'), refresh(8, 'Old mulch guide')]);
    expect(await detailTitle()).toHaveTextContent('Best kettles of 2024');
    const diff = screen.getByRole('list', { name: 'Proposed changes' });
    expect(within(diff).getAllByRole('listitem')).toHaveLength(2);
    expect(within(diff).getAllByRole('listitem')[0]).toHaveTextContent('Says “in 2024”; it is 2026 now.');
    expect(diff.querySelector('del')).toHaveTextContent('[removed: 2024]');
    expect(diff.querySelector('ins')).toHaveTextContent('[added: 2026]');
    // Read only here: the inbox decides on the whole proposal.
    expect(within(diff).queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Best kettles of 2024' })).toHaveAttribute(
      'href',
      'https://garden.example/best-kettles/',
    );
    // No article actions for a refresh.
    expect(screen.queryByRole('button', { name: 'Approve and schedule' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByTitle('Article preview')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Approve (apply to WordPress)' }));
    await waitFor(() => expect(fake.decisions).toHaveLength(1));
    expect(fake.decisions[0]).toEqual({ action: 'approve', body: { items: [{ kind: 'refresh', id: 7 }] } });

    expect(await detailTitle()).toHaveTextContent('Old mulch guide');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Not this year');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(fake.decisions).toHaveLength(2));
    expect(fake.decisions[1]).toEqual({
      action: 'reject',
      body: { items: [{ kind: 'refresh', id: 8 }], reason: 'Not this year' },
    });
  });

  it('at 390 px: the list, then the detail with a way back', async () => {
    setWindowWidth(390);
    const { user } = showInbox();
    const list = await screen.findByRole('list', { name: 'Waiting for review' });
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    await user.click(within(list).getByText('Refused peat guide'));
    expect(await detailTitle()).toHaveTextContent('Refused peat guide');
    expect(screen.queryByRole('list', { name: 'Waiting for review' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('list', { name: 'Waiting for review' })).toBeInTheDocument();
  });
});
