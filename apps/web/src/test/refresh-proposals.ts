import type { RefreshChange, RefreshProposal } from '@abp/contracts';

/** A change of a refresh proposal: by default a year brought up to date inside a sentence. */
export function makeRefreshChange(overrides: Partial<RefreshChange> = {}): RefreshChange {
  return {
    id: 'c1',
    kind: 'year',
    field: 'content',
    reason: 'Says “in 2024”; it is 2026 now.',
    before: 'the best kettles in 2024',
    after: 'the best kettles in 2026',
    context_before: 'We tested ',
    context_after: ' for a week.',
    outcome: 'pending',
    outcome_reason: null,
    ...overrides,
  };
}

/** A refresh proposal waiting for a decision, with a year change and a dead-link change. */
export function makeRefreshProposal(overrides: Partial<RefreshProposal> = {}): RefreshProposal {
  return {
    id: 7,
    site_id: 1,
    site_name: 'Garden Blog',
    wp_id: 10,
    post_title: 'Best kettles of 2024',
    post_link: 'https://garden.example/best-kettles/',
    markup: 'block',
    state: 'proposed',
    origin: 'manual',
    base_modified_at: '2024-03-02T10:00:00Z',
    changes: [
      makeRefreshChange(),
      makeRefreshChange({
        id: 'c2',
        kind: 'dead_link',
        reason: 'Links to https://gone.example/ which answers 404.',
        before: '<a href="https://gone.example/">the maker’s page</a>',
        after: 'the maker’s page',
        context_before: 'See ',
        context_after: '.',
      }),
    ],
    estimated_cost_usd: 0,
    cost_usd: 0,
    created_at: '2026-11-27T10:00:00Z',
    decided_at: null,
    applied_at: null,
    undone_at: null,
    auto_applied: false,
    note: null,
    can_undo: false,
    ...overrides,
  };
}
