import type { InventorySummary, Site } from '@abp/contracts';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type SiteActionHandlers, SiteActions } from './site-actions';
import { SiteInventoryCell } from './site-inventory-cell';
import { SiteStatus } from './site-status';

export interface SiteListProps extends SiteActionHandlers {
  sites: readonly Site[];
  health: Record<number, number | null>;
  testing: Record<number, 'basic' | 'enhanced'>;
  toggling: ReadonlySet<number>;
  onToggleActive: (site: Site, active: boolean) => void;
  /** Each site's inventory summary by site id (absent while loading). */
  inventory: Readonly<Record<number, InventorySummary>>;
  onSync: (site: Site) => void;
}

/** The stored score (0–100) until a fresh check of this screen says otherwise. */
export const healthOf = (site: Site, health: Record<number, number | null>) =>
  site.id in health ? health[site.id] : site.health_score === null ? null : site.health_score / 100;

/** Where the table fits (lg and wider): one row per site. */
export function SitesTable({
  sites,
  health,
  testing,
  toggling,
  onToggleActive,
  inventory,
  onSync,
  ...actions
}: SiteListProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="WordPress sites">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>URL</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Content</TableCell>
            <TableCell>Username</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sites.map((site) => (
            <TableRow key={site.id} hover>
              <TableCell>
                <Typography fontWeight={600}>{site.name}</Typography>
              </TableCell>
              <TableCell sx={{ maxWidth: 280, overflowWrap: 'break-word' }}>
                <Link href={site.url} target="_blank" rel="noopener noreferrer">
                  {site.url}
                </Link>
              </TableCell>
              <TableCell>
                <SiteStatus
                  site={site}
                  health={healthOf(site, health)}
                  toggling={toggling.has(site.id)}
                  onToggleActive={onToggleActive}
                />
              </TableCell>
              <TableCell>
                <SiteInventoryCell site={site} summary={inventory[site.id]} onSync={onSync} />
              </TableCell>
              <TableCell>{site.username}</TableCell>
              <TableCell sx={{ minWidth: 210 }}>
                <SiteActions site={site} testing={testing[site.id]} compact {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
