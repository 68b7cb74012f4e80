import { INVENTORY_PAGE_SIZES, INVENTORY_SEARCH_MAX_LENGTH, type Site } from '@abp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ExternalLink } from '../../../components/external-link';
import { PageHeader } from '../../../components/page-header';
import { PhoneRows, usePhone } from '../../../components/phone-rows';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { isSyncing, useInventorySummaries, useInventoryTaxonomy } from '../../../lib/resources/site-inventory';
import { useSites } from '../../../lib/resources/sites';
import { useInventoryItems, useSyncInventory } from '../api/site-inventory';
import { useDebounced } from '../hooks/use-debounced';
import { SiteInventoryCell } from './site-inventory-cell';
import { SiteLinkReport } from './site-link-report';

const STATUS_LABELS: Record<string, string> = {
  publish: 'Published',
  future: 'Scheduled',
  draft: 'Draft',
  pending: 'Pending review',
  private: 'Private',
};
const dateOf = (iso: string | null) => (iso ? formatDate(iso) : '—');

/** Sites → Browse: what one site already has on WordPress, searchable by title and filtered by category. */
export function SiteInventoryPage() {
  const siteId = Number(useParams().siteId);
  const { enqueueSnackbar } = useSnackbar();
  const sites = useSites();
  const site: Site | undefined = sites.data?.find((s) => s.id === siteId);
  const summaries = useInventorySummaries();
  const summary = summaries.data?.find((s) => s.site_id === siteId);
  const taxonomy = useInventoryTaxonomy(Number.isFinite(siteId) ? siteId : null);
  const { mutateAsync: requestSync } = useSyncInventory();
  const phone = usePhone();

  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number | null>(null);
  const [kind, setKind] = useState<'post' | 'page' | null>(null);
  const [rowsPerPage, setRowsPerPage] = useState<number>(INVENTORY_PAGE_SIZES[0]);
  const settledSearch = useDebounced(search, 300);
  // A new search or filter starts at the first page: the page belongs to the filter it was chosen under.
  const filterKey = JSON.stringify([settledSearch, category, kind, rowsPerPage]);
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const syncing = isSyncing(summary);
  const items = useInventoryItems(
    siteId,
    { search: settledSearch, category, kind, limit: rowsPerPage, offset: page * rowsPerPage },
    syncing,
  );
  // Categories appear (and counts change) as a sync ends.
  const refetchTaxonomy = taxonomy.refetch;
  useEffect(() => {
    if (summary?.state === 'succeeded' || summary?.state === 'partial') void refetchTaxonomy();
  }, [summary?.state, summary?.finished_at, refetchTaxonomy]);

  const categoryNames = useMemo(
    () => new Map((taxonomy.data?.categories ?? []).map((c) => [c.id, c.name])),
    [taxonomy.data],
  );

  const sync = async () => {
    if (!site) return;
    try {
      await requestSync(site.id);
    } catch (error) {
      enqueueSnackbar(isApiError(error) && error.message ? error.message : 'Failed to start the sync', {
        variant: 'error',
      });
    }
  };

  if (sites.data && !site) {
    return (
      <>
        <PageHeader title="Site content" />
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/sites" color="inherit" size="small">
              Back to sites
            </Button>
          }
        >
          This site no longer exists.
        </Alert>
      </>
    );
  }

  const rows = items.data?.items ?? [];
  const filtered = Boolean(settledSearch.trim()) || category !== null || kind !== null;
  return (
    <>
      <PageHeader
        title={site ? `Content of ${site.name}` : 'Site content'}
        subtitle="What this site already has on WordPress: new articles link into it and never duplicate it"
        actions={
          <Button component={RouterLink} to="/sites" startIcon={<ArrowBackIcon />}>
            All sites
          </Button>
        }
      />
      {site && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <SiteInventoryCell site={site} summary={summary} onSync={() => void sync()} showBrowse={false} />
        </Paper>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Search titles"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: INVENTORY_SEARCH_MAX_LENGTH } }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Category"
          value={category === null ? '' : String(category)}
          onChange={(event) => setCategory(event.target.value === '' ? null : Number(event.target.value))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">All categories</MenuItem>
          {(taxonomy.data?.categories ?? []).map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name} ({c.count})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Type"
          value={kind ?? ''}
          onChange={(event) => setKind(event.target.value === '' ? null : (event.target.value as 'post' | 'page'))}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">Posts and pages</MenuItem>
          <MenuItem value="post">Posts</MenuItem>
          <MenuItem value="page">Pages</MenuItem>
        </TextField>
      </Stack>

      {items.isError && <Alert severity="error">Failed to load the site's content</Alert>}
      {items.data && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {filtered
              ? 'Nothing matches'
              : summary?.state === 'never'
                ? 'Not synced yet: press "Sync content"'
                : 'No posts or pages'}
          </Typography>
        </Paper>
      )}
      {rows.length > 0 && phone && (
        // A phone lists the posts as blocks: five columns of titles and chips cannot fit 390 px.
        <Paper variant="outlined" sx={{ px: 2 }}>
          <PhoneRows
            label="Site content"
            rows={rows.map((item) => ({
              key: `${item.kind}-${item.wp_id}`,
              title: <ExternalLink href={item.link}>{item.title || '(no title)'}</ExternalLink>,
              facts: [
                { label: 'Type', value: item.kind === 'post' ? 'Post' : 'Page' },
                { label: 'Status', value: STATUS_LABELS[item.status] ?? item.status },
                { label: 'Date', value: dateOf(item.published_at) },
                ...(item.category_ids.length > 0
                  ? [
                      {
                        label: 'Categories',
                        value: item.category_ids.map((id) => categoryNames.get(id) ?? `#${id}`).join(', '),
                      },
                    ]
                  : []),
              ],
            }))}
          />
        </Paper>
      )}
      {rows.length > 0 && !phone && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Site content" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Categories</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((item) => (
                <TableRow key={`${item.kind}-${item.wp_id}`} hover>
                  <TableCell sx={{ maxWidth: 420, overflowWrap: 'break-word' }}>
                    <ExternalLink href={item.link}>{item.title || '(no title)'}</ExternalLink>
                  </TableCell>
                  <TableCell>{item.kind === 'post' ? 'Post' : 'Page'}</TableCell>
                  <TableCell>{STATUS_LABELS[item.status] ?? item.status}</TableCell>
                  <TableCell>{dateOf(item.published_at)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                      {item.category_ids.map((id) => (
                        <Chip key={id} size="small" label={categoryNames.get(id) ?? `#${id}`} />
                      ))}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {items.data && items.data.total > 0 && (
        <TablePagination
          component="div"
          count={items.data.total}
          page={page}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[...INVENTORY_PAGE_SIZES]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
          }}
        />
      )}
      {Number.isFinite(siteId) && <SiteLinkReport siteId={siteId} synced={Boolean(summary?.last_synced_at)} />}
    </>
  );
}
