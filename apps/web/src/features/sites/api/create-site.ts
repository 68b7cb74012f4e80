import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteSaveResponseSchema, type SiteCreateInput, type SiteSaveResponse } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { siteKeys } from '../../../lib/resources/sites';

export function createSite(body: SiteCreateInput): Promise<SiteSaveResponse> {
  return api.post('/api/sites', body, { schema: siteSaveResponseSchema });
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}
