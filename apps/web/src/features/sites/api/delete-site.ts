import { useMutation } from '@tanstack/react-query';
import { siteDeleteResponseSchema, type SiteDeleteResponse } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** With cascade the server answers { status: 'processing', job_id } and deletes in the background. */
export function deleteSite({ id, cascade }: { id: number; cascade: boolean }): Promise<SiteDeleteResponse> {
  return api.delete(`/api/sites/${id}`, { query: cascade ? { cascade: true } : {}, schema: siteDeleteResponseSchema });
}

/** The list is re-read by the caller: after a background deletion it polls (spec §4). */
export function useDeleteSite() {
  return useMutation({ mutationFn: deleteSite });
}
