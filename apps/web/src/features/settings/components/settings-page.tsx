import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { PageHeader } from '../../../components/page-header';
import { BudgetsSection } from './budgets-section';
import { FallbackProvidersSection } from './fallback-providers-section';
import { LlmSettingsSection } from './llm-settings-section';
import { McpTokensSection } from './mcp-tokens-section';
import { ModelPricesSection } from './model-prices-section';
import { NotificationsSection } from './notifications-section';
import { SettingsNav } from './settings-nav';
import { TrendSettingsSection } from './trend-settings-section';

/**
 * One card per section, each with its own load and save. Other features add their section here
 * (e.g. the trend monitor's feeds, region and interval) as a sibling of the language model, and
 * to SETTINGS_SECTIONS (settings-nav.tsx).
 */
export function SettingsPage() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  // A link such as /settings#llm-settings (the Dashboard's checklist) opens at its section.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);
  const sections = (
    <Stack spacing={3} sx={{ minWidth: 0, flexGrow: 1 }}>
      <LlmSettingsSection />
      <FallbackProvidersSection />
      <ModelPricesSection />
      <BudgetsSection />
      <TrendSettingsSection />
      <NotificationsSection />
      <McpTokensSection />
    </Stack>
  );
  return (
    <>
      <PageHeader title="Settings" subtitle="How articles are written, and other settings saved in the app" />
      {wide ? (
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
          <Box sx={{ width: 180, flexShrink: 0, alignSelf: 'stretch' }}>
            <SettingsNav wide />
          </Box>
          {sections}
        </Box>
      ) : (
        <>
          <SettingsNav wide={false} />
          {sections}
        </>
      )}
    </>
  );
}
