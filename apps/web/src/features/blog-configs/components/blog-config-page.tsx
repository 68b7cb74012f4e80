import { BLOG_CONFIG_MESSAGES, type BlogConfig } from '@abp/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { BudgetAlert } from '../../../components/budget-alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DemoLiveWarning } from '../../../components/demo-live-warning';
import { OfflineWriterNotice } from '../../../components/offline-writer-notice';
import { PageHeader } from '../../../components/page-header';
import { useSites } from '../../../lib/resources/sites';
import { useTableFits } from '../../../lib/use-table-fits';
import { useDeleteBlogConfig } from '../api/delete-blog-config';
import { useBlogConfigs } from '../api/get-blog-configs';
import { BlogConfigCards } from './blog-config-cards';
import { BlogConfigDialog } from './blog-config-dialog';
import { BlogConfigsTable } from './blog-configs-table';

export function BlogConfigPage() {
  const { enqueueSnackbar } = useSnackbar();
  const configsQuery = useBlogConfigs();
  const ConfigList = useTableFits() ? BlogConfigsTable : BlogConfigCards;
  const sitesQuery = useSites();
  const remove = useDeleteBlogConfig();
  const [form, setForm] = useState<{ open: boolean; config: BlogConfig | null }>({ open: false, config: null });
  // Kept after closing so the dialog does not change while it fades out.
  const [confirm, setConfirm] = useState<{ config: BlogConfig; open: boolean } | null>(null);

  const failed = configsQuery.isError || sitesQuery.isError;
  const failedAt = Math.max(configsQuery.errorUpdatedAt, sitesQuery.errorUpdatedAt);
  useEffect(() => {
    if (failed) enqueueSnackbar(BLOG_CONFIG_MESSAGES.loadFailed, { variant: 'error' });
  }, [failed, failedAt, enqueueSnackbar]);

  const configs = configsQuery.data;
  const sites = sitesQuery.data;
  const noSites = sites !== undefined && sites.length === 0;
  // Active configurations that publish live: what the offline writer would put on public sites.
  const liveSites = (configs ?? [])
    .filter((c) => c.is_active && c.post_status === 'published')
    .map((c) => c.site_name || `site ${c.site_id}`);

  const closeConfirm = () => setConfirm((c) => (c ? { ...c, open: false } : c));
  const confirmDelete = async () => {
    if (!confirm?.open) return;
    closeConfirm();
    try {
      await remove.mutateAsync(confirm.config.id);
      enqueueSnackbar(BLOG_CONFIG_MESSAGES.deleted, { variant: 'success' });
    } catch {
      enqueueSnackbar(BLOG_CONFIG_MESSAGES.deleteFailed, { variant: 'error' });
    }
  };

  const retry = () => {
    if (configsQuery.isError) void configsQuery.refetch();
    if (sitesQuery.isError) void sitesQuery.refetch();
  };

  return (
    <>
      <PageHeader
        title="Blog Configuration"
        subtitle="Configure posting schedules and topics for each WordPress site"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setForm({ open: true, config: null })}
            disabled={!sites || noSites}
          >
            Add Configuration
          </Button>
        }
      />
      <OfflineWriterNotice />
      <BudgetAlert what="Scheduled posts" />
      <DemoLiveWarning live={liveSites.length > 0} what={`Scheduled and trend articles for ${liveSites.join(', ')}`} />

      {noSites && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {BLOG_CONFIG_MESSAGES.noSitesWarning}
        </Alert>
      )}

      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Retry
            </Button>
          }
        >
          {BLOG_CONFIG_MESSAGES.loadFailed}
        </Alert>
      )}

      {configsQuery.isPending && !failed && (
        <Paper variant="outlined" sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading configurations" />
        </Paper>
      )}

      {configs && configs.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {BLOG_CONFIG_MESSAGES.empty}
          </Typography>
        </Paper>
      )}

      {configs && configs.length > 0 && (
        <ConfigList
          configs={configs}
          onEdit={(config) => setForm({ open: true, config })}
          onDelete={(config) => setConfirm({ config, open: true })}
        />
      )}

      <BlogConfigDialog
        open={form.open}
        config={form.config}
        sites={sites ?? []}
        configs={configs ?? []}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
      <ConfirmDialog
        open={confirm?.open ?? false}
        title="Delete Configuration"
        subject={confirm ? `The schedule of ${confirm.config.site_name} (${confirm.config.site_url})` : undefined}
        message={BLOG_CONFIG_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        confirmColor="error"
        onConfirm={() => void confirmDelete()}
        onCancel={closeConfirm}
      />
    </>
  );
}
