import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeRefreshChange } from '../test/refresh-proposals';
import { changeOutcomeText, RefreshDiff } from './refresh-diff';

describe('RefreshDiff', () => {
  it('shows each change with its kind, its reason, and word-level <del>/<ins> between its context', () => {
    const { container } = render(
      <RefreshDiff
        changes={[
          makeRefreshChange(),
          makeRefreshChange({
            id: 'c2',
            kind: 'title',
            field: 'title',
            reason: 'A clearer title.',
            before: 'Kettles',
            after: 'Kettles that boil fast',
            context_before: '',
            context_after: '',
          }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Proposed changes' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName('Change 1: Out-of-date year');
    expect(items[0]).toHaveTextContent('Says “in 2024”; it is 2026 now.');
    expect(items[0]).toHaveTextContent('In the text');
    // Only the year is marked, not the whole sentence: the rest stays as it is, between its context.
    const dels = items[0]!.querySelectorAll('del');
    const inss = items[0]!.querySelectorAll('ins');
    expect(dels).toHaveLength(1);
    expect(inss).toHaveLength(1);
    // Not colour only: each says in words what it is (read by screen readers, hidden on screen).
    expect(dels[0]).toHaveTextContent('[removed: 2024]');
    expect(inss[0]).toHaveTextContent('[added: 2026]');
    const text = within(items[0]!).getByTestId('refresh-diff-text');
    expect(text).toHaveTextContent(/^…We tested the best kettles in \[removed: 2024\]\[added: 2026\] for a week\.…$/);
    // A title change: the added words only.
    expect(items[1]).toHaveAccessibleName('Change 2: Clearer title');
    expect(items[1]).toHaveTextContent('In the title');
    expect(items[1]!.querySelector('del')).toBeNull();
    expect(items[1]!.querySelector('ins')).toHaveTextContent('[added: that boil fast]');
    // No checkbox when the diff is read only.
    expect(within(list).queryByRole('checkbox')).toBeNull();
    // Markup is shown as text, never rendered.
    expect(container.querySelector('a')).toBeNull();
  });

  it('shows raw markup of a dead-link change as text', () => {
    const { container } = render(
      <RefreshDiff
        changes={[
          makeRefreshChange({
            kind: 'dead_link',
            before: '<a href="https://gone.example/">the page</a>',
            after: 'the page',
          }),
        ]}
      />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('del')).toHaveTextContent('<a href="https://gone.example/">');
    expect(screen.getByRole('listitem')).toHaveTextContent('the page');
  });

  it('offers a box per change while it waits, and says each outcome after an apply', async () => {
    const onToggle = vi.fn();
    const changes = [makeRefreshChange(), makeRefreshChange({ id: 'c2', kind: 'dead_link' })];
    const { rerender } = render(<RefreshDiff changes={changes} selection={{ selected: new Set(['c1']), onToggle }} />);
    const first = screen.getByRole('checkbox', { name: 'Apply change 1: Out-of-date year' });
    const second = screen.getByRole('checkbox', { name: 'Apply change 2: Dead link' });
    expect(first).toBeChecked();
    expect(second).not.toBeChecked();
    await userEvent.setup().click(second);
    expect(onToggle).toHaveBeenCalledWith('c2');

    rerender(
      <RefreshDiff
        showOutcomes
        changes={[
          makeRefreshChange({ outcome: 'applied' }),
          makeRefreshChange({
            id: 'c2',
            kind: 'dead_link',
            outcome: 'dropped',
            outcome_reason: 'That paragraph was edited on WordPress since the proposal.',
          }),
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Applied');
    expect(items[1]).toHaveTextContent('Dropped: That paragraph was edited on WordPress since the proposal.');
  });

  it('words each outcome', () => {
    expect(changeOutcomeText({ outcome: 'pending', outcome_reason: null })).toBeNull();
    expect(changeOutcomeText({ outcome: 'skipped', outcome_reason: null })).toBe('Not applied: not selected');
  });
});
