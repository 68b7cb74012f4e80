import { DASHBOARD_REFRESH_MS, type UsageSummary, usageSummarySchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from './get-dashboard';

/* GET /api/usage: what the model calls cost this month, per site, per model and per day (issue #16). */

export function getUsage(timeZone: string, signal?: AbortSignal): Promise<UsageSummary> {
  return api.get('/api/usage', { query: { tz: timeZone }, signal, schema: usageSummarySchema });
}

export function useUsage(timeZone = browserTimeZone()) {
  return useQuery(
    queryOptions({
      queryKey: ['usage', timeZone],
      queryFn: ({ signal }) => getUsage(timeZone, signal),
      refetchInterval: DASHBOARD_REFRESH_MS,
    }),
  );
}
