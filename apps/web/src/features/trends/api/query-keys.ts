export interface TrendPageParams {
  limit: number;
  offset: number;
}

/** One root key: starting a check refreshes everything the screen shows. */
export const trendKeys = {
  all: ['trends'] as const,
  status: () => ['trends', 'status'] as const,
  stats: () => ['trends', 'stats'] as const,
  logs: (params: TrendPageParams) => ['trends', 'logs', params] as const,
  processed: (params: TrendPageParams) => ['trends', 'processed', params] as const,
  run: (id: string) => ['trends', 'run', id] as const,
};
