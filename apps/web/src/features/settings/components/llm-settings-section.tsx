import { useLlmSettings } from '../../../lib/llm-settings-query';
import { LlmSettingsForm } from './llm-settings-form';
import { SettingsCard } from './settings-card';

/** Settings → Language model: which provider writes the articles. */
export function LlmSettingsSection() {
  return (
    <SettingsCard
      id="llm-settings"
      title="Language model"
      description="The provider that writes every article. Values saved here override the LLM_* environment variables."
      query={useLlmSettings()}
      loadingLabel="Loading settings"
      errorText="Failed to load settings"
    >
      {/* Keyed by the save time: a save or reset starts the form again from the stored values. */}
      {(settings) => <LlmSettingsForm key={settings.saved_at ?? 'environment'} settings={settings} />}
    </SettingsCard>
  );
}
