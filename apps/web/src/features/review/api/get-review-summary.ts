import { REVIEW_SUMMARY_POLL_MS, type ReviewSummary, reviewSummarySchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './query-keys';

export function getReviewSummary(signal?: AbortSignal): Promise<ReviewSummary> {
  return api.get('/api/review/summary', { signal, schema: reviewSummarySchema });
}

/** How many items wait (the navigation's count), polled. */
export function useReviewSummary() {
  return useQuery({
    queryKey: reviewKeys.summary,
    queryFn: ({ signal }) => getReviewSummary(signal),
    refetchInterval: REVIEW_SUMMARY_POLL_MS,
  });
}
