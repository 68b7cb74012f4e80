import { type ReviewListResponse, reviewListResponseSchema } from '@abp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ReviewListParams, reviewKeys } from './query-keys';

/** The inbox refreshes as the navigation count does: new items arrive while the operator works. */
export const REVIEW_REFRESH_MS = 30_000;

export function getReview(params: ReviewListParams, signal?: AbortSignal): Promise<ReviewListResponse> {
  return api.get('/api/review', { query: { ...params }, signal, schema: reviewListResponseSchema });
}

export function useReviewList(params: ReviewListParams) {
  return useQuery({
    queryKey: reviewKeys.list(params),
    queryFn: ({ signal }) => getReview(params, signal),
    refetchInterval: REVIEW_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
