import type { BudgetState, UsageSummary, UsageTotals } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { formatTokens, formatUsd } from '../../../lib/money';
import { countOf } from '../../../lib/plural';
import { useBudgets } from '../../../lib/resources/budgets';
import { useUsage } from '../api/get-usage';
import { ChartBoundary } from './chart-boundary';
import { DailyBarChart } from './daily-bar-chart';

function Breakdown({
  title,
  rows,
}: {
  title: string;
  rows: Array<{ key: string; label: string; totals: UsageTotals }>;
}) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing yet
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {rows.map(({ key, label, totals }) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                {`${formatUsd(totals.cost_usd)} · ${countOf(totals.calls, 'call')}`}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** "Garden Blog: $0.79 of $1.00 · $0.21 left" (issue #37: the budget beside the spend). */
export function budgetLine(state: BudgetState): string {
  const left = Math.max(0, state.limit_usd - state.spent_usd);
  const tail =
    state.state === 'reached'
      ? 'reached'
      : state.state === 'overridden'
        ? 'reached, allowed this month'
        : `${formatUsd(left)} left`;
  return `${formatUsd(state.spent_usd)} of ${formatUsd(state.limit_usd)} · ${tail}`;
}

function BudgetsBeside() {
  const budgets = useBudgets();
  const states = budgets.data?.states ?? [];
  if (!budgets.data) return null;
  return (
    <Box component="section" aria-label="Budgets this month" sx={{ mb: 2 }}>
      {states.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No monthly budget is set.{' '}
          <Link component={RouterLink} to="/settings#budgets">
            Set one in Settings → Budgets
          </Link>
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {states.map((state) => (
            <Box key={state.site_id ?? 'all'} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {state.site_id === null ? 'Budget, all sites' : `Budget, ${state.name}`}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                color={state.state === 'ok' ? 'text.primary' : state.state === 'warning' ? 'warning.main' : 'error'}
                sx={{ m: 0, textAlign: 'right' }}
              >
                {budgetLine(state)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function SpendBody({ usage }: { usage: UsageSummary }) {
  const { month } = usage;
  const since = formatDate(usage.month_start);
  return (
    <>
      <Typography variant="h4" component="p" aria-label="Spend this month">
        {formatUsd(month.cost_usd)}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {month.calls === 0
          ? `No model calls since ${since}`
          : `Since ${since}: ${countOf(month.calls, 'model call')} · ${formatTokens(month.input_tokens, month.output_tokens, month.estimated)}`}
      </Typography>
      <BudgetsBeside />
      <ChartBoundary>
        <DailyBarChart
          days={usage.daily.map((d) => ({ date: d.date, value: d.cost_usd }))}
          label="Spend"
          color="#047857"
          height={220}
          format={formatUsd}
        />
      </ChartBoundary>
      <Grid container spacing={3} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Breakdown
            title="By site"
            rows={usage.by_site.map((row) => ({ key: String(row.site_id), label: row.site_name, totals: row }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Breakdown
            title="By provider"
            rows={usage.by_provider.map((row) => ({
              key: `${row.provider}/${row.model}`,
              label: `${row.provider}/${row.model}`,
              totals: row,
            }))}
          />
        </Grid>
      </Grid>
    </>
  );
}

/** Dashboard: what the model calls cost this month, per site and per provider, and per day over 30 days (issue #16). */
export function SpendCard() {
  const usage = useUsage();
  return (
    <Card component="section" aria-labelledby="spend-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="spend-title" variant="h6" component="h2">
          Model Spend This Month
        </Typography>
        {usage.isError && <Alert severity="error">Failed to load model spend</Alert>}
        {usage.isPending && <Skeleton variant="rounded" height={120} aria-label="Loading model spend" />}
        {usage.data && <SpendBody usage={usage.data} />}
      </CardContent>
    </Card>
  );
}
