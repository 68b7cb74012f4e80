import {
  type NotificationSettings,
  type NotificationSettingsUpdateInput,
  notificationSettingsSchema,
} from '@abp/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/* Settings → Notifications: GET and PUT /api/settings/notifications (one resource, one file). */

export const notificationSettingsQueryKey = ['settings', 'notifications'] as const;

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get('/api/settings/notifications', { signal, schema: notificationSettingsSchema });
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: ({ signal }) => getNotificationSettings(signal) });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

export function saveNotificationSettings(body: NotificationSettingsUpdateInput): Promise<NotificationSettings> {
  return api.put('/api/settings/notifications', body, { schema: notificationSettingsSchema });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}
