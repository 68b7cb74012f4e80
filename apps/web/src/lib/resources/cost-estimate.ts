import { type CostEstimate, type CostEstimateRequest, costEstimateSchema } from '@abp/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';

/*
 * What a job would cost with the model in use (issue #16): shown under the Bulk tab and the SEO
 * suite's "Generate All Articles", asked about before a start above the operator's threshold.
 */
const estimateOptions = (request: CostEstimateRequest) =>
  queryOptions({
    queryKey: ['usage', 'estimate', request.articles, request.word_count, request.site_id ?? null],
    queryFn: ({ signal }) => api.post('/api/usage/estimate', request, { signal, schema: costEstimateSchema }),
    staleTime: 30_000,
  });

/** The estimate for the form's current values (none while they are not a valid job). */
export function useCostEstimate(request: CostEstimateRequest | null) {
  return useQuery({ ...estimateOptions(request ?? { articles: 1, word_count: 1000 }), enabled: request !== null });
}

/** The estimate as of now, for the question before a start. */
export function useFetchCostEstimate(): (request: CostEstimateRequest) => Promise<CostEstimate | null> {
  const queryClient = useQueryClient();
  // An estimate that cannot be had does not stop the operator's start: budgets still hold on the server.
  return (request) => queryClient.fetchQuery({ ...estimateOptions(request), staleTime: 0 }).catch(() => null);
}
