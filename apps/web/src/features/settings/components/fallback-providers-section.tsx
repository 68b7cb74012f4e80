import { useFallbacks } from '../../../lib/resources/fallback-providers';
import { FallbackProvidersForm } from './fallback-providers-form';
import { ProviderHealthList } from './provider-health-list';
import { SettingsCard } from './settings-card';

/** Settings → Fallback providers: where a call goes when the main provider cannot answer, and how each is doing (issue #16). */
export function FallbackProvidersSection() {
  return (
    <SettingsCard
      id="fallbacks"
      title="Fallback providers"
      description="When the language model above rate-limits, runs out of quota, refuses its key, fails, times out or filters an answer, the call goes to the next provider in this list. A provider that keeps failing is skipped for a while (what it asked for, else from 30 seconds up to 10 minutes), then tried again."
      query={useFallbacks()}
      loadingLabel="Loading fallback providers"
      errorText="Failed to load fallback providers"
      before={<ProviderHealthList />}
    >
      {(saved) => <FallbackProvidersForm key={JSON.stringify(saved)} saved={saved} />}
    </SettingsCard>
  );
}
