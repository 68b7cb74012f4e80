import type { TrendLastExecution } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { countOf } from '../lib/plural';

/**
 * The feeds a trend check could not read, each with why (issue #17 item 12): a check that found
 * nothing because no feed answered must not look like a quiet day. Dashboard and Trend Monitor.
 */
export function UnreachableFeeds({ failures }: { failures: TrendLastExecution['unreachable_feeds'] }) {
  if (failures.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <Typography variant="body2" fontWeight={600}>
        {`The check could not reach ${countOf(failures.length, 'feed')}:`}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2, overflowWrap: 'anywhere' }}>
        {failures.map((failure) => (
          <Typography
            component="li"
            variant="body2"
            key={failure.feed}
          >{`${failure.feed} — ${failure.reason}`}</Typography>
        ))}
      </Box>
    </Alert>
  );
}
