import { useTrendSettings } from '../api/trend-settings';
import { SettingsCard } from './settings-card';
import { TrendSettingsForm } from './trend-settings-form';

/** Settings → Trends: the feeds the trend monitor reads, the default feed's country, and how often it checks. */
export function TrendSettingsSection() {
  return (
    <SettingsCard
      id="trend-settings"
      title="Trends"
      description="What the trend monitor reads and how often. Values saved here override the TREND_* environment variables; empty fields use them."
      query={useTrendSettings()}
      loadingLabel="Loading trend settings"
      errorText="Failed to load settings"
    >
      {(settings) => <TrendSettingsForm key={settings.saved_at ?? 'environment'} settings={settings} />}
    </SettingsCard>
  );
}
