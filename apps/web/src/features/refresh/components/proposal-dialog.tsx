import type { RefreshProposal, RefreshProposalState } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { DateTime } from '../../../components/date-time';
import { ExternalLink } from '../../../components/external-link';
import { RefreshDiff } from '../../../components/refresh-diff';
import { formatUsd } from '../../../lib/money';
import { useApplyRefreshProposal } from '../api/apply-refresh-proposal';
import { useDismissRefreshProposal } from '../api/dismiss-refresh-proposal';
import { useRefreshProposal } from '../api/get-refresh-proposal';
import { useUndoRefreshProposal } from '../api/undo-refresh-proposal';

export const PROPOSAL_STATE_LABELS: Record<RefreshProposalState, string> = {
  proposed: 'Waiting for a decision',
  applied: 'Applied',
  dismissed: 'Dismissed',
  refused: 'Refused',
  undone: 'Undone',
};

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

/** What an apply did, in one sentence for the toast. */
function applySummary(proposal: RefreshProposal): string {
  if (proposal.state === 'refused') return proposal.note ?? 'The refresh was refused.';
  const applied = proposal.changes.filter((change) => change.outcome === 'applied').length;
  const dropped = proposal.changes.filter((change) => change.outcome === 'dropped').length;
  return dropped > 0
    ? `${applied} of ${applied + dropped} changes applied; ${dropped} dropped.`
    : `${applied} ${applied === 1 ? 'change' : 'changes'} applied.`;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One proposal: its diff with a box per change while it waits ("Apply selected", "Apply all",
 * "Dismiss"), each change's outcome once applied, and "Undo" while the refresh can be taken back.
 */
export function ProposalDialog({ proposalId, onClose }: { proposalId: number | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width:600px)');
  const { enqueueSnackbar } = useSnackbar();
  const query = useRefreshProposal(proposalId);
  const apply = useApplyRefreshProposal();
  const dismiss = useDismissRefreshProposal();
  const undo = useUndoRefreshProposal();
  const proposal = query.data;
  // Every change is chosen when a proposal opens; the operator unchecks what should not go in. (The
  // parent keys the dialog by proposal, so a new one starts with nothing unchecked.)
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const selected = new Set((proposal?.changes ?? []).map((change) => change.id).filter((id) => !unchecked.has(id)));
  // A refusal the server answered (409): shown as it came, until the next action.
  const [problem, setProblem] = useState<string | null>(null);
  const busy = apply.isPending || dismiss.isPending || undo.isPending;

  const toggle = (id: string) =>
    setUnchecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const run = async (action: () => Promise<RefreshProposal>, done: (result: RefreshProposal) => string) => {
    setProblem(null);
    try {
      const result = await action();
      enqueueSnackbar(done(result), { variant: result.state === 'refused' ? 'warning' : 'success' });
    } catch (error) {
      setProblem(reason(error));
    }
  };

  const applyChanges = (all: boolean) => {
    if (!proposal) return;
    const ids = proposal.changes.map((change) => change.id).filter((id) => selected.has(id));
    void run(() => apply.mutateAsync(all ? { id: proposal.id } : { id: proposal.id, change_ids: ids }), applySummary);
  };

  const waiting = proposal?.state === 'proposed';
  return (
    <Dialog
      open={proposalId !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="refresh-proposal-title"
    >
      <DialogTitle id="refresh-proposal-title" sx={{ overflowWrap: 'anywhere' }}>
        {proposal ? `Refresh of “${proposal.post_title || `Post ${proposal.wp_id}`}”` : 'Refresh proposal'}
      </DialogTitle>
      <DialogContent dividers>
        {query.isPending && <CircularProgress size={24} aria-label="Loading the proposal" />}
        {query.isError && <Alert severity="error">Could not load the proposal: {query.error.message}</Alert>}
        {proposal && (
          <Stack spacing={2}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
              <Fact label="Site">{proposal.site_name}</Fact>
              <Fact label="Post">
                <ExternalLink href={proposal.post_link}>{proposal.post_title || `Post ${proposal.wp_id}`}</ExternalLink>
              </Fact>
              <Fact label="State">{PROPOSAL_STATE_LABELS[proposal.state]}</Fact>
              <Fact label="Proposed">
                <DateTime value={proposal.created_at} />
              </Fact>
              <Fact label="Estimated cost">{formatUsd(proposal.estimated_cost_usd)}</Fact>
              {proposal.applied_at && (
                <Fact label={proposal.auto_applied ? 'Applied automatically' : 'Applied'}>
                  <DateTime value={proposal.applied_at} />
                </Fact>
              )}
              {proposal.undone_at && (
                <Fact label="Undone">
                  <DateTime value={proposal.undone_at} />
                </Fact>
              )}
            </Stack>
            {proposal.note && (
              <Alert severity={proposal.state === 'refused' ? 'warning' : 'info'}>{proposal.note}</Alert>
            )}
            {/* A refused undo also becomes the proposal's note once it is read again: said once. */}
            {problem && problem !== proposal.note && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            <RefreshDiff
              changes={proposal.changes}
              showOutcomes={!waiting}
              {...(waiting ? { selection: { selected, onToggle: toggle, disabled: busy } } : {})}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {proposal && waiting && (
          <>
            <Button variant="contained" onClick={() => applyChanges(false)} disabled={busy || selected.size === 0}>
              Apply selected ({selected.size})
            </Button>
            <Button variant="outlined" onClick={() => applyChanges(true)} disabled={busy}>
              Apply all
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() =>
                void run(
                  () => dismiss.mutateAsync(proposal.id),
                  () => 'Proposal dismissed.',
                )
              }
              disabled={busy}
            >
              Dismiss
            </Button>
          </>
        )}
        {proposal?.can_undo && (
          <Button
            variant="outlined"
            onClick={() =>
              void run(
                () => undo.mutateAsync(proposal.id),
                () => 'Refresh undone: the old content is back.',
              )
            }
            disabled={busy}
          >
            Undo
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
