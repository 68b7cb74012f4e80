import { reviewWaitingLine } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useReviewSummary } from '../../../lib/review-summary';

/** "3 waiting for review — oldest since <date>", with the way to the Review inbox (issue #33); nothing when none wait. */
export function ReviewWaitingLine() {
  const summary = useReviewSummary().data;
  if (!summary || summary.count === 0) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Button component={RouterLink} to="/review" color="inherit" size="small">
          Open the Review inbox
        </Button>
      }
    >
      {reviewWaitingLine(summary.count, summary.oldest_since ? formatDateTime(summary.oldest_since) : null)}
    </Alert>
  );
}
