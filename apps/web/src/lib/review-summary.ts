import { REVIEW_SUMMARY_POLL_MS, type ReviewSummary, reviewSummarySchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The Review inbox's count and oldest item, polled: the navigation's count, the Dashboard's line and
 * the inbox itself read it under one key, so one request serves all three. Shared rather than the
 * review feature's, so the shell can show the count without loading the inbox page.
 */
export const REVIEW_SUMMARY_KEY = ['review', 'summary'] as const;

export function useReviewSummary() {
  return useQuery({
    queryKey: REVIEW_SUMMARY_KEY,
    queryFn: ({ signal }): Promise<ReviewSummary> =>
      api.get('/api/review/summary', { signal, schema: reviewSummarySchema }),
    refetchInterval: REVIEW_SUMMARY_POLL_MS,
  });
}
