import { type SiteCreateInput, type SiteSaveResponse, siteSaveResponseSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, idempotency } from '../../../lib/api-client';
import { inventoryKeys } from '../../../lib/resources/site-inventory';
import { siteKeys } from '../../../lib/resources/sites';

export function createSite({
  body,
  idempotencyKey,
}: {
  body: SiteCreateInput;
  idempotencyKey?: string;
}): Promise<SiteSaveResponse> {
  return api.post('/api/sites', body, { schema: siteSaveResponseSchema, ...idempotency(idempotencyKey) });
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSite,
    // A new site has an inventory too (not synced yet): both lists are read again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.summaries() }),
      ]),
  });
}
