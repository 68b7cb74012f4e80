import { healthRating } from '@abp/contracts';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { HEALTH_COLORS, HEALTH_LABELS, healthPercent } from '../lib/site-health';

/** Spec §4: >= 0.8 excellent (success), >= 0.5 fair (warning), below poor (error). */
export function HealthChip({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return null;
  const rating = healthRating(value);
  const label = `${HEALTH_LABELS[rating]} ${healthPercent(value)}%`;
  return (
    <Tooltip title="Site health: share of the light checks (REST API, login, capabilities) that passed">
      <Chip
        size="small"
        variant="outlined"
        color={HEALTH_COLORS[rating]}
        label={label}
        aria-label={`Health: ${label}`}
      />
    </Tooltip>
  );
}
