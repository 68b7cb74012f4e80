import type { BudgetState } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { formatUsd } from '../../../lib/money';
import { useBudgets, useOverrideBudget } from '../../../lib/resources/budgets';
import { BudgetsForm } from './budgets-form';
import { SettingsCard } from './settings-card';

const COLOR = { ok: 'primary', warning: 'warning', reached: 'error', overridden: 'secondary' } as const;

/** One budget this month: spent of allowed, and the override when it stops work. */
function BudgetLine({ state }: { state: BudgetState }) {
  const { enqueueSnackbar } = useSnackbar();
  const override = useOverrideBudget();
  const goOn = async () => {
    try {
      await override.mutateAsync({ site_id: state.site_id });
      enqueueSnackbar(`${state.name}: the budget is overridden for this month`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(`Failed to override the budget: ${error instanceof Error ? error.message : 'Unknown error'}`, {
        variant: 'error',
      });
    }
  };
  return (
    <Box role="group" aria-label={`Budget of ${state.name}`} sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" fontWeight={600}>
          {state.name}
        </Typography>
        <Typography variant="body2">{`${formatUsd(state.spent_usd)} of ${formatUsd(state.limit_usd)} (${state.percent} %)`}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, state.percent)}
        color={COLOR[state.state]}
        aria-label={`${state.name}: ${state.percent} % of the budget used`}
      />
      {state.message && (
        <Alert
          severity={state.state === 'reached' ? 'error' : state.state === 'warning' ? 'warning' : 'info'}
          action={
            state.state === 'reached' ? (
              <Button color="inherit" size="small" onClick={() => void goOn()} disabled={override.isPending}>
                Override this month
              </Button>
            ) : undefined
          }
        >
          {state.message}
        </Alert>
      )}
    </Box>
  );
}

/** Settings → Budgets: monthly limits overall and per site, what each has used this month (issue #16). */
export function BudgetsSection() {
  return (
    <SettingsCard
      id="budgets"
      title="Budgets"
      description="Monthly limits on what model calls may cost, in USD. When one is reached, its sites' schedules and trend checks pause, new bulk jobs and articles are refused and running jobs stop after their current article, until you raise it, override it for the month or the month ends. You are warned from 80 %."
      query={useBudgets()}
      loadingLabel="Loading budgets"
      errorText="Failed to load budgets"
    >
      {(budgets) => (
        <>
          {budgets.states.length > 0 && (
            <Box sx={{ display: 'grid', gap: 2, mb: 3 }} role="region" aria-label="This month">
              {budgets.states.map((state) => (
                <BudgetLine key={state.site_id ?? 'all'} state={state} />
              ))}
            </Box>
          )}
          <BudgetsForm key={JSON.stringify([budgets.monthly_usd, budgets.sites])} budgets={budgets} />
        </>
      )}
    </SettingsCard>
  );
}
