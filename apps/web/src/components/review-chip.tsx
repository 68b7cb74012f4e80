import { PUBLISH_POLICY_TEXT, type ReviewReason } from '@abp/contracts';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { formatDateTime, formatFullDate } from '../lib/dates';

/**
 * Why an article waits for the operator (issue #33): "Held for review", "Publishes at <date>" for a
 * delayed one, or the other reasons. Nothing when nothing waits. The articles list and detail and a
 * bulk job's results show it.
 */
export function ReviewChip({
  reason,
  releaseAt,
}: {
  reason: ReviewReason | null | undefined;
  releaseAt?: string | null | undefined;
}) {
  if (!reason) return null;
  if (reason === 'delayed' && releaseAt)
    return (
      <Tooltip title={`Published automatically on ${formatFullDate(releaseAt)} unless held first`}>
        <Chip
          size="small"
          color="info"
          variant="outlined"
          label={PUBLISH_POLICY_TEXT.delayed(formatDateTime(releaseAt))}
        />
      </Tooltip>
    );
  const label =
    reason === 'quality_gate'
      ? PUBLISH_POLICY_TEXT.qualityGate
      : reason === 'budget'
        ? PUBLISH_POLICY_TEXT.budget
        : reason === 'agent'
          ? PUBLISH_POLICY_TEXT.agent
          : PUBLISH_POLICY_TEXT.held;
  return <Chip size="small" color="warning" variant="outlined" label={label} />;
}
