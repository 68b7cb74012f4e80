import { jobPagePath, SEO_PUBLISH_RUN_PAGE } from '@abp/contracts';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { usePublish } from '../../hooks/use-publish';

/** The run's own page: its items, the reasons of failures, Retry failed and Cancel (issue #37 point 2). */
function RunPageLink({ runId }: { runId: number | null }) {
  if (runId === null) return null;
  return (
    <Link
      component={RouterLink}
      to={jobPagePath('seo-publish', runId)}
      variant="body2"
      sx={{ display: 'block', mb: 1 }}
    >
      {SEO_PUBLISH_RUN_PAGE.openPage}
    </Link>
  );
}

/** The bar under the publish buttons: how far the run being followed has got, and its page. */
export function PublishProgress({ publish }: { publish: ReturnType<typeof usePublish> }) {
  if (publish.busy === null) return <RunPageLink runId={publish.runId} />;
  const { progress } = publish;
  if (!progress || progress.total === 0)
    return (
      <>
        <LinearProgress sx={{ mb: 1 }} aria-label="Publishing" />
        <RunPageLink runId={publish.runId} />
      </>
    );
  const noun = progress.kind === 'pages' ? 'pages' : 'articles';
  return (
    <Box sx={{ mb: 1 }}>
      <LinearProgress
        variant="determinate"
        value={(progress.processed / progress.total) * 100}
        aria-label="Publishing"
      />
      <Typography
        variant="caption"
        color="text.secondary"
        role="status"
      >{`Publishing ${noun}: ${progress.processed} of ${progress.total} done`}</Typography>
      <RunPageLink runId={publish.runId} />
    </Box>
  );
}
