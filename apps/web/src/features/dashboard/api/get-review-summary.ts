import { REVIEW_SUMMARY_POLL_MS, type ReviewSummary, reviewSummarySchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The Review inbox's count and oldest item (the same key as the navigation's count: one request for both). */
export function useReviewSummary() {
  return useQuery({
    queryKey: ['review', 'summary'],
    queryFn: ({ signal }): Promise<ReviewSummary> =>
      api.get('/api/review/summary', { signal, schema: reviewSummarySchema }),
    refetchInterval: REVIEW_SUMMARY_POLL_MS,
  });
}
