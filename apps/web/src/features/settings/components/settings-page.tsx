import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { BudgetsSection } from './budgets-section';
import { FallbackProvidersSection } from './fallback-providers-section';
import { LlmSettingsSection } from './llm-settings-section';
import { ModelPricesSection } from './model-prices-section';
import { TrendSettingsSection } from './trend-settings-section';

/**
 * One card per section, each with its own load and save. Other features add their section here
 * (e.g. the trend monitor's feeds, region and interval) as a sibling of the language model.
 */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" subtitle="How articles are written, and other settings saved in the app" />
      <Stack spacing={3}>
        <LlmSettingsSection />
        <FallbackProvidersSection />
        <ModelPricesSection />
        <BudgetsSection />
        <TrendSettingsSection />
      </Stack>
    </>
  );
}
