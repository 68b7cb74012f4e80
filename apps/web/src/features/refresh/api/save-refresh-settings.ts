import { type RefreshSiteSettings, type RefreshSiteSettingsBody, refreshSiteSettingsSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshKeys } from './query-keys';

/** PUT /api/refresh/settings/{site_id}: a 400 names the fields it refused in its details. */
export function saveRefreshSettings({
  siteId,
  body,
}: {
  siteId: number;
  body: RefreshSiteSettingsBody;
}): Promise<RefreshSiteSettings> {
  return api.put(`/api/refresh/settings/${siteId}`, body, { schema: refreshSiteSettingsSchema });
}

export function useSaveRefreshSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRefreshSettings,
    onSuccess: (settings) => queryClient.setQueryData(refreshKeys.settings(settings.site_id), settings),
  });
}
