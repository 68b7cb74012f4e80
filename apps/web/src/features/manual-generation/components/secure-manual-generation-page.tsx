import { MANUAL_MESSAGES } from '@abp/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { SecureSingleTab } from './secure-single-tab';

/** Spec §2.3: a simpler variant; its Bulk tab is a stub. */
export function SecureManualGenerationPage() {
  const [tab, setTab] = useState<'single' | 'bulk'>('single');
  return (
    <>
      <PageHeader title="Secure Manual Article Generation" />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, next: 'single' | 'bulk') => setTab(next)}
          aria-label="Generation mode"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
        >
          <Tab value="single" label="Single Article" id="secure-tab-single" aria-controls="secure-panel-single" />
          <Tab value="bulk" label="Bulk Generation" id="secure-tab-bulk" aria-controls="secure-panel-bulk" />
        </Tabs>
        <Box
          role="tabpanel"
          hidden={tab !== 'single'}
          id="secure-panel-single"
          aria-labelledby="secure-tab-single"
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <SecureSingleTab />
        </Box>
        <Box
          role="tabpanel"
          hidden={tab !== 'bulk'}
          id="secure-panel-bulk"
          aria-labelledby="secure-tab-bulk"
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <Typography>{MANUAL_MESSAGES.bulkComingSoon}</Typography>
        </Box>
      </Paper>
    </>
  );
}
