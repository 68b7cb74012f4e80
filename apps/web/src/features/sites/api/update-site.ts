import { type SiteSaveResponse, type SiteUpdateInput, siteSaveResponseSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { siteKeys } from '../../../lib/resources/sites';

/** A blank password keeps the stored one. */
export function updateSite({ id, body }: { id: number; body: SiteUpdateInput }): Promise<SiteSaveResponse> {
  return api.put(`/api/sites/${id}`, body, { schema: siteSaveResponseSchema });
}

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}
