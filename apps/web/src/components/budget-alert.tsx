import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useBudgets } from '../lib/resources/budgets';

/**
 * Says when a monthly budget pauses work (reached) or is close to it (80 % and more), on every
 * screen whose work it stops: schedules, trend checks, bulk and manual articles (issue #16).
 */
export function BudgetAlert({ what }: { what: string }) {
  const budgets = useBudgets();
  const shown = (budgets.data?.states ?? []).filter((state) => state.state === 'reached' || state.state === 'warning');
  if (shown.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 3 }} role="region" aria-label="Budgets">
      {shown.map((state) => (
        <Alert key={state.site_id ?? 'all'} severity={state.state === 'reached' ? 'error' : 'warning'}>
          {state.state === 'reached' && (
            <AlertTitle>{`${what} paused for ${state.site_id === null ? 'all sites' : state.name}`}</AlertTitle>
          )}
          {state.message}{' '}
          <Link component={RouterLink} to="/settings#budgets">
            Budgets in Settings
          </Link>
        </Alert>
      ))}
    </Box>
  );
}
