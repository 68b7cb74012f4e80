import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BudgetAlert } from '../../../components/budget-alert';
import { PageHeader } from '../../../components/page-header';
import { readStoredBulkJobId } from '../../../lib/manual-bulk-job';
import { BulkClearStuckButton } from './bulk-clear-stuck-button';
import { BulkGenerationTab } from './bulk-generation-tab';
import { SingleArticleTab } from './single-article-tab';

const TABS = [
  { id: 'single', label: 'Single Article' },
  { id: 'bulk', label: 'Bulk Generation' },
] as const;

/** Spec §2.2: a 'Clear Stuck Jobs' button and two tabs. */
export function ManualGenerationPage() {
  // While a bulk job runs the page opens on its tab (issue #17 item 15): the job is what matters.
  // ?tab=bulk: the job page's way back.
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>(() =>
    readStoredBulkJobId() || searchParams.get('tab') === 'bulk' ? 'bulk' : 'single',
  );
  return (
    <>
      <PageHeader
        title="Manual Content Generation"
        subtitle="Generate articles from a topic and push them to a WordPress site"
        actions={<BulkClearStuckButton />}
      />
      <BudgetAlert what="New articles" />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, next: typeof tab) => setTab(next)}
          aria-label="Generation mode"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
        >
          {TABS.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              id={`manual-tab-${t.id}`}
              aria-controls={`manual-panel-${t.id}`}
            />
          ))}
        </Tabs>
        {TABS.map((t) => (
          <Box
            key={t.id}
            role="tabpanel"
            hidden={tab !== t.id}
            id={`manual-panel-${t.id}`}
            aria-labelledby={`manual-tab-${t.id}`}
            sx={{ p: { xs: 2, md: 3 } }}
          >
            {/* Both stay mounted: a result or a running job survives switching tabs. */}
            {t.id === 'single' ? <SingleArticleTab /> : <BulkGenerationTab />}
          </Box>
        ))}
      </Paper>
    </>
  );
}
