import type { Site } from '@abp/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { HealthChip } from './health-chip';

interface SiteStatusProps {
  site: Site;
  health: number | null | undefined;
  toggling: boolean;
  onToggleActive: (site: Site, active: boolean) => void;
}

/** Active switch (Active/Inactive), the health chip when known, and a deleting marker. */
export function SiteStatus({ site, health, toggling, onToggleActive }: SiteStatusProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            size="small"
            checked={site.is_active}
            disabled={toggling || site.deleting}
            onChange={(_event, checked) => onToggleActive(site, checked)}
            slotProps={{ input: { role: 'switch', 'aria-label': `${site.name} active` } }}
          />
        }
        label={site.is_active ? 'Active' : 'Inactive'}
      />
      {site.deleting ? <Chip size="small" color="error" label="Deleting..." /> : <HealthChip value={health} />}
    </Box>
  );
}
