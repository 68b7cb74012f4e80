import {
  type SiteDeletePreview,
  type SiteDeleteResponse,
  type SiteDeletionStatus,
  siteDeletePreviewSchema,
  siteDeleteResponseSchema,
  siteDeletionStatusSchema,
} from '@abp/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * With cascade the server answers { status: 'processing', job_id } and deletes in the background;
 * trashPosts (with cascade) moves the site's WordPress posts this app created to the WordPress trash.
 */
export function deleteSite({
  id,
  cascade,
  trashPosts = false,
}: {
  id: number;
  cascade: boolean;
  trashPosts?: boolean;
}): Promise<SiteDeleteResponse> {
  const query = cascade ? { cascade: true, ...(trashPosts ? { trash_posts: true } : {}) } : {};
  return api.delete(`/api/sites/${id}`, { query, schema: siteDeleteResponseSchema });
}

/** The list is re-read by the caller: after a background deletion it polls (spec §4). */
export function useDeleteSite() {
  return useMutation({ mutationFn: deleteSite });
}

/** What "Delete All" removes: the site's articles, and how many have a WordPress post. Read fresh each time. */
export function useSiteDeletePreview(id: number | null) {
  return useQuery({
    queryKey: ['sites', 'delete-preview', id ?? 0],
    queryFn: ({ signal }): Promise<SiteDeletePreview> =>
      api.get(`/api/sites/${id}/delete-preview`, { signal, schema: siteDeletePreviewSchema }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** How a background "Delete All" went (posts trashed, failures). */
export function getSiteDeletion(jobId: string): Promise<SiteDeletionStatus> {
  return api.get(`/api/sites/deletions/${encodeURIComponent(jobId)}`, { schema: siteDeletionStatusSchema });
}
