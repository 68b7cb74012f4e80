import { SITE_CREDENTIALS_TEXT, type Site } from '@abp/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { HealthChip } from './health-chip';

interface SiteStatusProps {
  site: Site;
  health: number | null | undefined;
  toggling: boolean;
  onToggleActive: (site: Site, active: boolean) => void;
}

/**
 * Active switch (Active/Inactive), the health chip when known, and a deleting marker. A site whose
 * credentials WordPress rejected (issue #37 point 3) shows it until they work: the switch is not
 * green ("Paused"), and the state and WordPress' reason stay in the row.
 */
export function SiteStatus({ site, health, toggling, onToggleActive }: SiteStatusProps) {
  const rejected = site.credentials_rejected;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            size="small"
            checked={site.is_active}
            color={rejected ? 'default' : 'primary'}
            disabled={toggling || site.deleting}
            onChange={(_event, checked) => onToggleActive(site, checked)}
            slotProps={{ input: { role: 'switch', 'aria-label': `${site.name} active` } }}
          />
        }
        label={site.is_active ? (rejected ? SITE_CREDENTIALS_TEXT.switchLabel : 'Active') : 'Inactive'}
      />
      {site.deleting ? <Chip size="small" color="error" label="Deleting..." /> : <HealthChip value={health} />}
      {rejected && !site.deleting && (
        <Box role="status" aria-label={SITE_CREDENTIALS_TEXT.state} sx={{ flexBasis: '100%', minWidth: 0 }}>
          <Chip size="small" color="error" label={SITE_CREDENTIALS_TEXT.state} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {`${rejected.reason} ${SITE_CREDENTIALS_TEXT.explain}`}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
