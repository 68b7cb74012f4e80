import { type BudgetOverride, type Budgets, type BudgetsUpdate, budgetsSchema } from '@abp/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';

/*
 * The monthly budgets (issue #16), shared: Settings edits them; the Dashboard, Blog Configuration,
 * Trend Monitor and Manual Generation say when a reached one pauses a site's work.
 */
export const budgetsQueryKey = ['settings', 'budgets'] as const;
// Spend grows while jobs run: a budget reached meanwhile shows within a minute.
const BUDGETS_REFRESH_MS = 60_000;

export function getBudgets(signal?: AbortSignal): Promise<Budgets> {
  return api.get('/api/settings/budgets', { signal, schema: budgetsSchema });
}

export function useBudgets() {
  return useQuery(
    queryOptions({
      queryKey: budgetsQueryKey,
      queryFn: ({ signal }) => getBudgets(signal),
      refetchInterval: BUDGETS_REFRESH_MS,
    }),
  );
}

export function useSaveBudgets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BudgetsUpdate) => api.put('/api/settings/budgets', body, { schema: budgetsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(budgetsQueryKey, saved);
      // Estimates say what each budget has left (issue #37): a new limit changes them.
      void queryClient.invalidateQueries({ queryKey: ['usage', 'estimate'] });
    },
  });
}

export function useOverrideBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BudgetOverride) => api.post('/api/settings/budgets/override', body, { schema: budgetsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(budgetsQueryKey, saved),
  });
}
