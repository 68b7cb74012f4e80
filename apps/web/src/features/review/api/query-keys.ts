import type { ReviewListQuery } from '@abp/contracts';

export type ReviewListParams = Pick<ReviewListQuery, 'limit' | 'offset'> &
  Partial<Pick<ReviewListQuery, 'site_id' | 'reason' | 'order'>>;

/** One root: a decision refreshes the list, the count in the navigation and the Dashboard's line. */
export const reviewKeys = {
  all: ['review'] as const,
  list: (params: ReviewListParams) => ['review', 'list', params] as const,
  preview: (articleId: number) => ['review', 'preview', articleId] as const,
};
