export interface RefreshListParams {
  site_id?: number;
  reason?: string;
  limit: number;
  offset: number;
}

export interface RefreshProposalListParams {
  site_id?: number;
  wp_id?: number;
  state?: string;
  limit: number;
  offset: number;
}

/** One root key: scoring a site again, or a proposal made, applied or undone, refreshes everything the screen shows. */
export const refreshKeys = {
  all: ['refresh'] as const,
  list: (params: RefreshListParams) => ['refresh', 'list', params] as const,
  summary: () => ['refresh', 'summary'] as const,
  proposals: (params: RefreshProposalListParams) => ['refresh', 'proposals', params] as const,
  proposal: (id: number) => ['refresh', 'proposal', id] as const,
  settings: (siteId: number) => ['refresh', 'settings', siteId] as const,
};
