import { type SeoProjectLog, seoProjectLogListSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

export function getLogs(id: number, limit: number, signal?: AbortSignal): Promise<SeoProjectLog[]> {
  return api.get(`/api/seo-suite/logs/${id}`, { signal, query: { limit }, schema: seoProjectLogListSchema });
}

/** Newest first; the list page shows 10, the wizard 5 (of the 50 read, so results can use them too). */
export function useLogs(id: number | null) {
  return useQuery({
    queryKey: seoKeys.logs(id ?? 0),
    queryFn: ({ signal }) => getLogs(id!, 50, signal),
    enabled: id !== null,
  });
}
