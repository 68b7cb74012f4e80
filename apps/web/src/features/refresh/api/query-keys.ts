export interface RefreshListParams {
  site_id?: number;
  reason?: string;
  limit: number;
  offset: number;
}

/** One root key: scoring a site again refreshes everything the screen shows. */
export const refreshKeys = {
  all: ['refresh'] as const,
  list: (params: RefreshListParams) => ['refresh', 'list', params] as const,
  summary: () => ['refresh', 'summary'] as const,
};
