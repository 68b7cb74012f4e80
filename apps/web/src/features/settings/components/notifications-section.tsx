import { useNotificationSettings } from '../api/notification-settings';
import { NotificationsForm } from './notifications-form';
import { SettingsCard } from './settings-card';

/** Settings → Notifications (issue #33 §5): a webhook and e-mail for what needs the operator. */
export function NotificationsSection() {
  return (
    <SettingsCard
      id="notifications"
      title="Notifications"
      description="A webhook (Slack, Discord or any JSON receiver) and e-mail over SMTP, each optional, for what needs you. Each event is sent once; a failed send is tried again a few times."
      query={useNotificationSettings()}
      loadingLabel="Loading notification settings"
      errorText="Failed to load settings"
    >
      {(settings) => <NotificationsForm key={settings.saved_at ?? 'unsaved'} settings={settings} />}
    </SettingsCard>
  );
}
