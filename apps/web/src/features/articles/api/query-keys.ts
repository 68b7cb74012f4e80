import type { ArticleListQuery } from '@abp/contracts';

export type ArticleListParams = Pick<ArticleListQuery, 'limit' | 'offset'> &
  Partial<Pick<ArticleListQuery, 'site_id' | 'status' | 'source_type' | 'live' | 'q'>>;

/** One root key: every mutation of an article invalidates all article queries and the dashboard figures. */
export const articleKeys = {
  all: ['articles'] as const,
  list: (params: ArticleListParams) => ['articles', 'list', params] as const,
  detail: (id: number) => ['articles', 'detail', id] as const,
  trends: (id: number) => ['articles', 'trends', id] as const,
  generationLog: (id: number) => ['articles', 'generation-log', id] as const,
  backlinks: (id: number) => ['articles', 'backlinks', id] as const,
};

/** Prefix of the dashboard feature's keys (…, time zone): both read GET /api/dashboard, so edits refresh both. */
export const dashboardStatsKey = ['dashboard'] as const;
