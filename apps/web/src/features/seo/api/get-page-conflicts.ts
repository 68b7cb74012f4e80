import { type PageSlugConflict, pageSlugConflictListSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

/** The project's unsent pages whose address the site already uses (asked by the Publish Pages dialog). */
export function getPageConflicts(id: number, signal?: AbortSignal): Promise<PageSlugConflict[]> {
  return api.get(`/api/seo/projects/${id}/page-conflicts`, { signal, schema: pageSlugConflictListSchema });
}

export function usePageConflicts(id: number | null) {
  // Read afresh each time the dialog opens: the site may have changed since.
  return useQuery({
    queryKey: seoKeys.pageConflicts(id ?? 0),
    queryFn: ({ signal }) => getPageConflicts(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
