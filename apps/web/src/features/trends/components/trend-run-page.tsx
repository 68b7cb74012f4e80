import { TREND_RUN_PAGE, type TrendExecutionLog, type TrendRunError, type TrendRunItem } from '@abp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { ExternalLink } from '../../../components/external-link';
import { JobFacts } from '../../../components/job-facts';
import { PageHeader } from '../../../components/page-header';
import { cancelTrendRun } from '../api/cancel-trend-run';
import { isLostTrendRun, useTrendRun } from '../api/get-trend-run';
import { trendKeys } from '../api/query-keys';
import { formatDuration } from '../lib/trend-format';

const STATUS_CHIP = {
  running: { label: 'Running', color: 'warning' },
  completed: { label: 'Completed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
} as const;
/** A run the operator cancelled completes (its queued articles are skipped): it says so, not "Completed". */
const CANCELLED_CHIP = { label: 'Cancelled', color: 'default' } as const;

const SCOPE_LABEL: Record<TrendRunError['scope'], string> = { feed: 'Feed', site: 'Site', run: 'Check' };

function RunSummary({ run }: { run: TrendExecutionLog }) {
  const chip =
    run.status !== 'running' && run.errors.some((error) => error.kind === 'cancelled')
      ? CANCELLED_CHIP
      : STATUS_CHIP[run.status];
  const facts: Array<[string, string | number]> = [
    ['Trigger', run.trigger === 'manual' ? 'Check Trends Now' : 'Schedule'],
    ['Trends found', run.trends_found],
    ['Articles generated', run.articles_generated],
    ['Articles published', run.articles_published],
    ['Execution time', run.status === 'running' ? '—' : formatDuration(run.execution_time_ms)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Status">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip label={chip.label} color={chip.color} size="small" />
        <Typography variant="body2" color="text.secondary">
          Started <DateTime value={run.created_at} />
          {run.finished_at && (
            <>
              {' · '}finished <DateTime value={run.finished_at} />
            </>
          )}
        </Typography>
      </Stack>
      <JobFacts facts={facts} />
    </Paper>
  );
}

function WrittenList({ items }: { items: readonly TrendRunItem[] }) {
  return (
    <section aria-label={TREND_RUN_PAGE.written}>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {TREND_RUN_PAGE.written} ({items.length})
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{TREND_RUN_PAGE.noneWritten}</Typography>
      ) : (
        <List dense>
          {items.map((item) => (
            <ListItem key={item.id} divider sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={item.title}>
              <Stack sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <ExternalLink href={item.url}>{item.title}</ExternalLink>
                  {' → '}
                  {item.site_name}
                </Typography>
                {item.article_title && (
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {item.article_title}
                  </Typography>
                )}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'center' }}>
                {item.state === 'writing' ? (
                  <Chip size="small" color="warning" variant="outlined" label={TREND_RUN_PAGE.writing} />
                ) : (
                  item.article_status && <Chip size="small" variant="outlined" label={item.article_status} />
                )}
                {item.article_id !== null && (
                  <Link component={RouterLink} to={`/articles?view=${item.article_id}`} variant="body2">
                    {TREND_RUN_PAGE.openArticle}
                  </Link>
                )}
                {item.post_url && (
                  <ExternalLink href={item.post_url} variant="body2">
                    {TREND_RUN_PAGE.viewPost}
                  </ExternalLink>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}

function ProblemList({ errors }: { errors: readonly TrendRunError[] }) {
  const failedArticles = errors.some((error) => error.scope === 'site');
  return (
    <section aria-label={TREND_RUN_PAGE.problems}>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {TREND_RUN_PAGE.problems} ({errors.length})
      </Typography>
      {errors.length === 0 ? (
        <Typography color="text.secondary">{TREND_RUN_PAGE.noProblems}</Typography>
      ) : (
        <List dense>
          {errors.map((error, index) => (
            // The log is append-only: its order is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <ListItem key={index} divider sx={{ display: 'block' }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <strong>
                  {SCOPE_LABEL[error.scope]}: {error.target}
                </strong>
              </Typography>
              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                Reason: {error.message}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      {failedArticles && <Alert severity="info">{TREND_RUN_PAGE.retryNote}</Alert>}
    </section>
  );
}

/**
 * /jobs/trend/:runId — one trend check on a page of its own (issue #37 point 2): how it went, which
 * trends it matched to which sites and the articles it wrote, and what it skipped or failed with the
 * reasons, and Cancel while it runs. Reached from the Trend Monitor's execution logs; a reload keeps it.
 */
export function TrendRunPage() {
  const { runId = '' } = useParams();
  const query = useTrendRun(runId);
  const detail = query.data;
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      queryClient.setQueryData(trendKeys.run(runId), await cancelTrendRun(runId));
      enqueueSnackbar(TREND_RUN_PAGE.cancelled, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
    } finally {
      setCancelling(false);
      void queryClient.invalidateQueries({ queryKey: trendKeys.all });
    }
  };
  // Cancel is offered once per run: after it the run only waits for the article being written.
  const cancellable =
    detail?.run.status === 'running' && !detail.run.errors.some((error) => error.kind === 'cancelled');
  const back = (
    <Button component={RouterLink} to="/trends" startIcon={<ArrowBackIcon />}>
      {TREND_RUN_PAGE.back}
    </Button>
  );
  return (
    <>
      <PageHeader title={TREND_RUN_PAGE.title} subtitle={`Run ID: ${runId}`} actions={back} />
      {query.error &&
        (isLostTrendRun(query.error) ? (
          <Alert severity="error">{TREND_RUN_PAGE.notFound}</Alert>
        ) : (
          <Alert severity="error">{query.error.message}</Alert>
        ))}
      {!detail && !query.error && <CircularProgress aria-label="Loading the trend check" />}
      {detail && (
        <>
          <RunSummary run={detail.run} />
          {detail.run.status === 'running' && (
            <Alert
              severity="info"
              sx={{ mt: 2 }}
              action={
                cancellable && (
                  <Button color="error" size="small" onClick={() => void cancel()} disabled={cancelling}>
                    {TREND_RUN_PAGE.cancel}
                  </Button>
                )
              }
            >
              {TREND_RUN_PAGE.running}
            </Alert>
          )}
          <WrittenList items={detail.items} />
          <ProblemList errors={detail.run.errors} />
        </>
      )}
    </>
  );
}
