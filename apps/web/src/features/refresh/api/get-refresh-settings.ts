import { type RefreshSiteSettings, refreshSiteSettingsSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshKeys } from './query-keys';

/** GET /api/refresh/settings/{site_id}: the site's weekly proposals, auto-applied dead-link fixes, cooldown. */
export function getRefreshSettings(siteId: number, signal?: AbortSignal): Promise<RefreshSiteSettings> {
  return api.get(`/api/refresh/settings/${siteId}`, { signal, schema: refreshSiteSettingsSchema });
}

export function useRefreshSettings(siteId: number, enabled = true) {
  return useQuery({
    queryKey: refreshKeys.settings(siteId),
    queryFn: ({ signal }) => getRefreshSettings(siteId, signal),
    enabled,
  });
}
