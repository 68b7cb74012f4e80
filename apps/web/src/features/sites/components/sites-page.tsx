import type { Site } from '@abp/contracts';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { countOf } from '../../../lib/plural';
import { useInventorySummaries } from '../../../lib/resources/site-inventory';
import { useSites } from '../../../lib/resources/sites';
import { useTableFits } from '../../../lib/use-table-fits';
import { useSiteDeletePreview } from '../api/delete-site';
import { useSyncInventory } from '../api/site-inventory';
import { useUpdateSite } from '../api/update-site';
import { useConnectionTest } from '../hooks/use-connection-test';
import { useHealthPolling } from '../hooks/use-health-polling';
import { useSiteDeletion } from '../hooks/use-site-deletion';
import { siteToBody } from '../lib/site-form';
import { ConnectionTestDialog } from './connection-test-dialog';
import { SiteCards } from './site-cards';
import { SiteFormDialog } from './site-form-dialog';
import { SitesTable } from './sites-table';

const CONFIRM = {
  plain: {
    title: 'Delete Site',
    message: 'Are you sure you want to delete this site? (Associated posts will be preserved)',
  },
  cascade: {
    title: 'Delete All',
    message: 'Are you sure you want to delete this site AND ALL its associated posts/articles? This cannot be undone!',
  },
} as const;

export function SitesPage() {
  const isWide = useTableFits();
  const { enqueueSnackbar } = useSnackbar();
  const sitesQuery = useSites();
  const sites = sitesQuery.data;
  const { health, checking, refresh } = useHealthPolling(sites);
  const connectionTest = useConnectionTest();
  const { remove } = useSiteDeletion();
  const { mutateAsync: saveSite } = useUpdateSite();
  const [form, setForm] = useState<{ open: boolean; site: Site | null }>({ open: false, site: null });
  // Kept after closing so the dialog's text does not change while it fades out.
  const [confirm, setConfirm] = useState<{ site: Site; cascade: boolean; open: boolean } | null>(null);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());
  const inventoryQuery = useInventorySummaries();
  const inventory = useMemo(
    () => Object.fromEntries((inventoryQuery.data ?? []).map((s) => [s.site_id, s])),
    [inventoryQuery.data],
  );
  const { mutateAsync: requestSync } = useSyncInventory();

  const sync = async (site: Site) => {
    try {
      await requestSync(site.id);
    } catch (error) {
      enqueueSnackbar(isApiError(error) && error.message ? error.message : 'Failed to start the sync', {
        variant: 'error',
      });
    }
  };

  useEffect(() => {
    if (sitesQuery.isError) enqueueSnackbar('Failed to load sites', { variant: 'error' });
  }, [sitesQuery.isError, sitesQuery.errorUpdatedAt, enqueueSnackbar]);

  const openAdd = () => setForm({ open: true, site: null });

  const toggleActive = async (site: Site, active: boolean) => {
    setToggling((prev) => new Set(prev).add(site.id));
    try {
      await saveSite({ id: site.id, body: siteToBody(site, { is_active: active }) });
      enqueueSnackbar('Site updated successfully', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(isApiError(error) && error.message ? error.message : 'Failed to save site', { variant: 'error' });
    } finally {
      setToggling((prev) => {
        const next = new Set(prev);
        next.delete(site.id);
        return next;
      });
    }
  };

  const closeConfirm = () => setConfirm((c) => (c ? { ...c, open: false } : c));
  // Issue #17 item 2: Delete All says what goes, and the WordPress posts go to the trash only if chosen.
  const [trashPosts, setTrashPosts] = useState(false);
  const preview = useSiteDeletePreview(confirm?.open && confirm.cascade ? confirm.site.id : null);
  const confirmDelete = () => {
    if (!confirm?.open) return;
    closeConfirm();
    void remove(confirm.site, confirm.cascade, confirm.cascade && trashPosts);
  };

  const listProps = {
    sites: sites ?? [],
    health,
    testing: connectionTest.running,
    toggling,
    onToggleActive: (site: Site, active: boolean) => void toggleActive(site, active),
    inventory,
    onSync: (site: Site) => void sync(site),
    onTest: (site: Site, enhanced: boolean) => void connectionTest.run(site, enhanced),
    onEdit: (site: Site) => setForm({ open: true, site }),
    onDelete: (site: Site, cascade: boolean) => {
      setTrashPosts(false);
      setConfirm({ site, cascade, open: true });
    },
  };

  return (
    <>
      <PageHeader
        title="WordPress Sites"
        subtitle="Manage your WordPress sites for automated posting"
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<RefreshIcon />}
              onClick={refresh}
              disabled={checking || !sites?.length}
            >
              Refresh Health
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd}>
              Add Site
            </Button>
          </>
        }
      />

      {sitesQuery.isPending && (
        <Paper variant="outlined" sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading sites" />
        </Paper>
      )}

      {sitesQuery.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sitesQuery.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load sites
        </Alert>
      )}

      {sites && sites.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p" gutterBottom>
            No WordPress sites configured
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd} sx={{ mt: 1 }}>
            Add Your First Site
          </Button>
        </Paper>
      )}

      {sites && sites.length > 0 && (isWide ? <SitesTable {...listProps} /> : <SiteCards {...listProps} />)}

      <SiteFormDialog open={form.open} site={form.site} onClose={() => setForm((f) => ({ ...f, open: false }))} />
      <ConnectionTestDialog shown={connectionTest.shown} onClose={connectionTest.closeResults} />
      <ConfirmDialog
        open={confirm?.open ?? false}
        title={confirm?.cascade ? CONFIRM.cascade.title : CONFIRM.plain.title}
        subject={confirm ? `${confirm.site.name} (${confirm.site.url})` : undefined}
        message={confirm?.cascade ? CONFIRM.cascade.message : CONFIRM.plain.message}
        confirmLabel={confirm?.cascade ? 'Delete All' : 'Delete Site'}
        confirmColor="error"
        onConfirm={confirmDelete}
        onCancel={closeConfirm}
      >
        {confirm?.cascade && preview.data && (
          <>
            <Typography variant="body2" sx={{ mt: 1.5 }}>
              {`This removes ${countOf(preview.data.articles, 'article')} here. ${preview.data.wordpress_posts === 0 ? 'None of them has a post on WordPress.' : `${countOf(preview.data.wordpress_posts, 'post')} on WordPress that this app created ${trashPosts ? 'go to the WordPress trash, where they can be restored.' : 'stay on the site.'}`}`}
            </Typography>
            {preview.data.wordpress_posts > 0 && (
              <FormControlLabel
                control={<Checkbox checked={trashPosts} onChange={(event) => setTrashPosts(event.target.checked)} />}
                label={`Also move the ${countOf(preview.data.wordpress_posts, 'WordPress post')} to the trash`}
              />
            )}
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
