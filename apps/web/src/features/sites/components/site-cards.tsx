import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SiteActions } from './site-actions';
import { SiteInventoryCell } from './site-inventory-cell';
import { SiteStatus } from './site-status';
import { healthOf, type SiteListProps } from './sites-table';

/** Below the width where the table fits (lg): one card per site. */
export function SiteCards({
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
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="WordPress sites">
      {sites.map((site) => (
        <Card key={site.id} variant="outlined" component="li" aria-label={site.name}>
          <CardContent sx={{ pb: 1 }}>
            <Typography variant="h6" component="h2">
              {site.name}
            </Typography>
            <Link href={site.url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
              {site.url}
            </Link>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Username: {site.username}
            </Typography>
            <Stack sx={{ mt: 1 }}>
              <SiteStatus
                site={site}
                health={healthOf(site, health)}
                toggling={toggling.has(site.id)}
                onToggleActive={onToggleActive}
              />
            </Stack>
            <Stack sx={{ mt: 1 }}>
              <SiteInventoryCell site={site} summary={inventory[site.id]} onSync={onSync} />
            </Stack>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <SiteActions site={site} testing={testing[site.id]} {...actions} />
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}
