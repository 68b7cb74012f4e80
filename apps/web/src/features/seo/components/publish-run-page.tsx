import {
  isPublishRunOver,
  jobPagePath,
  type PublishItemResult,
  SEO_PUBLISH_RUN_PAGE,
  type SeoPublishRun,
} from '@abp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { ExternalLink } from '../../../components/external-link';
import { JobFacts } from '../../../components/job-facts';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { cancelPublishRun } from '../api/cancel-publish-run';
import { usePublishRun } from '../api/get-publish-runs';
import { seoKeys } from '../api/query-keys';
import { retryPublishRun } from '../api/retry-publish-run';
import { errorText } from '../lib/errors';

const STATE_CHIP = {
  queued: { label: 'Queued', color: 'default' },
  running: { label: 'Publishing', color: 'warning' },
  done: { label: 'Finished', color: 'success' },
  failed: { label: 'Stopped', color: 'error' },
} as const;

const OUTCOME_LABEL: Record<PublishItemResult['outcome'], string> = {
  published: 'Live',
  draft: 'Draft',
  failed: 'Failed',
  skipped: 'Not sent',
};

function ItemList({ results }: { results: readonly PublishItemResult[] }) {
  return (
    <List dense>
      {results.map((item) => (
        <ListItem key={item.id} divider sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={item.title || `Item ${item.id}`}>
          <Typography variant="body2" sx={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}>
            {item.title || `Item ${item.id}`}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip
              size="small"
              variant="outlined"
              color={item.outcome === 'failed' ? 'error' : item.outcome === 'published' ? 'success' : 'default'}
              label={OUTCOME_LABEL[item.outcome]}
            />
            {item.permalink && (
              <ExternalLink href={item.permalink} variant="body2">
                {SEO_PUBLISH_RUN_PAGE.viewPost}
              </ExternalLink>
            )}
          </Stack>
          {item.error && (
            <Typography
              variant="body2"
              color={item.outcome === 'failed' ? 'error' : 'text.secondary'}
              sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}
            >
              {SEO_PUBLISH_RUN_PAGE.reasonLabel} {item.error}
            </Typography>
          )}
        </ListItem>
      ))}
    </List>
  );
}

function RunSummary({ run }: { run: SeoPublishRun }) {
  const chip = STATE_CHIP[run.state];
  const { outcome } = run;
  const notReached = isPublishRunOver(run) ? run.total - run.processed : 0;
  const facts: Array<[string, number]> = [
    ['Items', run.total],
    [SEO_PUBLISH_RUN_PAGE.live, outcome.published],
    ['Saved as draft', outcome.drafts],
    [SEO_PUBLISH_RUN_PAGE.failed, outcome.failed],
    ['Not sent', outcome.skipped],
    [SEO_PUBLISH_RUN_PAGE.notReached, notReached],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Status">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" label={chip.label} color={chip.color} />
        <Typography variant="body2" color="text.secondary">
          {run.kind === 'pages' ? 'Pages' : 'Articles'} · {run.target_status === 'publish' ? 'publish' : 'as drafts'} ·
          started <DateTime value={run.created_at} />
        </Typography>
      </Stack>
      {!isPublishRunOver(run) && run.total > 0 && (
        <LinearProgress
          variant="determinate"
          value={(run.processed / run.total) * 100}
          aria-label="Publishing"
          sx={{ mt: 1.5 }}
        />
      )}
      <JobFacts facts={facts} />
      {run.error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {SEO_PUBLISH_RUN_PAGE.reasonLabel} {run.error}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * /jobs/seo-publish/:runId — one SEO publish run on a page of its own (issue #37 point 2): its
 * status, each item with what went live and why one failed, Retry failed (a new run of the items
 * that did not reach the site, whose page opens) and Cancel while it runs. Linked from the wizard.
 */
export function PublishRunPage() {
  const { runId = '' } = useParams();
  const id = /^\d{1,10}$/.test(runId) ? Number(runId) : null;
  const query = usePublishRun(id);
  const run = query.data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<'retrying' | 'cancelling' | null>(null);
  const lost = id === null || (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400));

  const act = async (what: NonNullable<typeof busy>, call: () => Promise<void>) => {
    setBusy(what);
    try {
      await call();
    } catch (error) {
      enqueueSnackbar(errorText(error, 'The request failed'), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const retry = (current: SeoPublishRun) =>
    act('retrying', async () => {
      const next = await retryPublishRun(current.id);
      enqueueSnackbar(SEO_PUBLISH_RUN_PAGE.retried(next.total), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: seoKeys.publishRuns(current.project_id) });
      await navigate(jobPagePath('seo-publish', next.id));
    });
  const cancel = (current: SeoPublishRun) =>
    act('cancelling', async () => {
      queryClient.setQueryData(seoKeys.publishRun(current.id), await cancelPublishRun(current.id));
      void queryClient.invalidateQueries({ queryKey: seoKeys.publishRuns(current.project_id) });
      enqueueSnackbar(SEO_PUBLISH_RUN_PAGE.cancelled, { variant: 'success' });
    });

  const back = (
    <Button component={RouterLink} to="/seo-suite" startIcon={<ArrowBackIcon />}>
      {SEO_PUBLISH_RUN_PAGE.back}
    </Button>
  );
  const over = run ? isPublishRunOver(run) : false;
  const retryable = run ? over && (run.outcome.failed > 0 || run.processed < run.total) : false;
  return (
    <>
      <PageHeader title={SEO_PUBLISH_RUN_PAGE.title} subtitle={`Run ID: ${runId}`} actions={back} />
      {lost && <Alert severity="error">{SEO_PUBLISH_RUN_PAGE.notFound}</Alert>}
      {query.error && !lost && <Alert severity="error">{query.error.message}</Alert>}
      {!run && !query.error && !lost && <CircularProgress aria-label="Loading the publish run" />}
      {run && (
        <>
          <RunSummary run={run} />
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {retryable && (
              <Button variant="contained" onClick={() => void retry(run)} disabled={busy !== null}>
                {SEO_PUBLISH_RUN_PAGE.retryFailed}
              </Button>
            )}
            {!over && (
              <Button variant="outlined" color="error" onClick={() => void cancel(run)} disabled={busy !== null}>
                {SEO_PUBLISH_RUN_PAGE.cancel}
              </Button>
            )}
            <Button component={RouterLink} to={`/seo-suite/wizard?projectId=${run.project_id}`}>
              {SEO_PUBLISH_RUN_PAGE.openWizard}
            </Button>
          </Stack>
          <section aria-label={SEO_PUBLISH_RUN_PAGE.items}>
            <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
              {SEO_PUBLISH_RUN_PAGE.items} ({run.outcome.results.length} of {run.total})
            </Typography>
            <ItemList results={run.outcome.results} />
          </section>
        </>
      )}
    </>
  );
}
