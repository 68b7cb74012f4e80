import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PublishOutcome } from '../hooks/use-bulk-action';

const CHIP: Record<PublishOutcome['kind'], { label: string; color: 'success' | 'warning' | 'error' | 'default' }> = {
  published: { label: 'Published', color: 'success' },
  blocked: { label: 'Blocked by the quality gate', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
  skipped: { label: 'Skipped', color: 'default' },
};

function reasonOf(outcome: PublishOutcome): string | null {
  if (outcome.kind === 'blocked')
    return [outcome.report.message, ...outcome.report.issues.map((issue) => issue.message)].filter(Boolean).join(' · ');
  if (outcome.kind === 'failed' || outcome.kind === 'skipped') return outcome.message;
  return null;
}

/**
 * Each article of a bulk publish with what happened to it. A blocked article goes live only when
 * the operator presses "Publish anyway" for it, having read the gate's reasons.
 */
export function PublishOutcomes({
  outcomes,
  done,
  onPublishAnyway,
}: {
  outcomes: readonly PublishOutcome[];
  done: boolean;
  onPublishAnyway: (id: number) => Promise<void>;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  return (
    <List dense aria-label="Publish results" sx={{ mt: 1, maxHeight: 320, overflowY: 'auto' }}>
      {outcomes.map((outcome) => {
        const reason = reasonOf(outcome);
        return (
          <ListItem key={outcome.id} divider aria-label={outcome.title} sx={{ display: 'block' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {outcome.title}
              </Typography>
              <Chip size="small" label={CHIP[outcome.kind].label} color={CHIP[outcome.kind].color} variant="outlined" />
              {outcome.kind === 'blocked' && done && (
                <Button
                  size="small"
                  color="warning"
                  disabled={busy !== null}
                  onClick={() => {
                    setBusy(outcome.id);
                    void onPublishAnyway(outcome.id).finally(() => setBusy(null));
                  }}
                >
                  {busy === outcome.id ? 'Publishing…' : 'Publish anyway'}
                </Button>
              )}
            </Box>
            {reason && (
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {reason}
              </Typography>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
