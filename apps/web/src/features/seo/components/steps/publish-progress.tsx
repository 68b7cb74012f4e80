import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { usePublish } from '../../hooks/use-publish';

/** The bar under the publish buttons: how far the run being followed has got. */
export function PublishProgress({ publish }: { publish: ReturnType<typeof usePublish> }) {
  if (publish.busy === null) return null;
  const { progress } = publish;
  if (!progress || progress.total === 0) return <LinearProgress sx={{ mb: 1 }} aria-label="Publishing" />;
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
    </Box>
  );
}
