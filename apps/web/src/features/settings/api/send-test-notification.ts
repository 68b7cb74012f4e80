import { type NotificationChannel, type NotificationTestResult, notificationTestResultSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationSettingsQueryKey } from './notification-settings';

/* POST /api/settings/notifications/{channel}/test: sends a test message with the saved settings. */

export function sendTestNotification(channel: NotificationChannel): Promise<NotificationTestResult> {
  return api.post(`/api/settings/notifications/${channel}/test`, undefined, { schema: notificationTestResultSchema });
}

export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestNotification,
    // A failed test is the section's last failure now (and a sent one may replace it).
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
  });
}
