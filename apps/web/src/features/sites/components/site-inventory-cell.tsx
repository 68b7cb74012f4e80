import type { InventorySummary, Site } from '@abp/contracts';
import SyncIcon from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { isSyncing } from '../../../lib/resources/site-inventory';
import { inventoryCounts, lastSyncLine, syncProgress } from '../lib/inventory-text';

export interface SiteInventoryCellProps {
  site: Site;
  summary: InventorySummary | undefined;
  onSync: (site: Site) => void;
  /** False on the content page itself (no link to where the operator already is). */
  showBrowse?: boolean;
}

/** A site's inventory at a glance: what is known, when it was read, a sync button and its progress. */
export function SiteInventoryCell({ site, summary, onSync, showBrowse = true }: SiteInventoryCellProps) {
  const syncing = isSyncing(summary);
  const percent = summary && summary.total ? Math.min(100, (summary.done / summary.total) * 100) : undefined;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 140, maxWidth: 220 }} aria-label={`Content of ${site.name}`}>
      {summary && summary.state !== 'never' && <Typography variant="body2">{inventoryCounts(summary)}</Typography>}
      {syncing && summary ? (
        <>
          <Typography variant="body2" color="text.secondary" role="status">
            {syncProgress(summary)}
          </Typography>
          <LinearProgress
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={`Sync progress of ${site.name}`}
          />
        </>
      ) : (
        summary && (
          <Typography variant="body2" color={summary.state === 'failed' ? 'error' : 'text.secondary'}>
            {lastSyncLine(summary)}
          </Typography>
        )
      )}
      <Stack direction="row" useFlexGap flexWrap="wrap" columnGap={1} sx={{ ml: -0.5 }}>
        <Button
          size="small"
          startIcon={<SyncIcon />}
          onClick={() => onSync(site)}
          disabled={syncing || Boolean(site.deleting)}
        >
          Sync content
        </Button>
        {showBrowse && summary && summary.state !== 'never' && (
          <Button size="small" component={RouterLink} to={`/sites/${site.id}/content`}>
            Browse
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
