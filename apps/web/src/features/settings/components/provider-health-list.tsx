import type { ProviderHealth } from '@abp/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/date-time';
import { useProviderHealth } from '../api/provider-chain';

function stateLabel(member: ProviderHealth['providers'][number]): {
  label: ReactNode;
  color: 'success' | 'warning' | 'error';
} {
  if (member.state === 'cooling_down')
    return {
      // The app's one date format (issue #37 point 8): a cooldown can run past midnight.
      label: (
        <>
          Cooling down until <DateTime value={member.cooling_until!} />
        </>
      ),
      color: 'warning',
    };
  if (member.state === 'failing') return { label: 'Failing', color: 'error' };
  return { label: 'Healthy', color: 'success' };
}

/** The chain in use, in order, as this server saw it: healthy, cooling down until …, or failing with its last error. */
export function ProviderHealthList() {
  const health = useProviderHealth();
  const members = health.data?.providers ?? [];
  if (members.length === 0) return null;
  return (
    <Box component="ol" aria-label="Provider health" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
      {members.map((member) => {
        const { label, color } = stateLabel(member);
        return (
          <li key={member.position}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography
                variant="body2"
                fontWeight={600}
              >{`${member.position === 0 ? 'Main' : `Fallback ${member.position}`}: ${member.provider}/${member.model}`}</Typography>
              <Chip size="small" color={color} label={label} />
              <Typography
                variant="caption"
                color="text.secondary"
              >{`${member.calls_ok} answered · ${member.calls_failed} failed since the server started`}</Typography>
            </Box>
            {member.last_error && member.state !== 'healthy' && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                Last error
                {member.last_error_at && (
                  <>
                    {' at '}
                    <DateTime value={member.last_error_at} />
                  </>
                )}
                {`: ${member.last_error}`}
              </Typography>
            )}
          </li>
        );
      })}
    </Box>
  );
}
