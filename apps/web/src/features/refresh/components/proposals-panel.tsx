import {
  REFRESH_CHANGE_LABELS,
  REFRESH_PROPOSAL_STATES,
  type RefreshProposal,
  type RefreshProposalState,
} from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DateTime } from '../../../components/date-time';
import { formatUsd } from '../../../lib/money';
import { countOf } from '../../../lib/plural';
import { useRefreshProposals } from '../api/get-refresh-proposals';
import { PROPOSAL_STATE_LABELS } from './proposal-dialog';

const PAGE_SIZE = 10;

/** Waiting proposals first, then the decided ones, newest first within each. */
const STATE_ORDER: Record<RefreshProposalState, number> = {
  proposed: 0,
  refused: 1,
  applied: 2,
  undone: 3,
  dismissed: 4,
};

export function byStateWaitingFirst(a: RefreshProposal, b: RefreshProposal): number {
  return STATE_ORDER[a.state] - STATE_ORDER[b.state] || b.created_at.localeCompare(a.created_at);
}

/** "2 changes: Out-of-date year, Dead link". */
function changesText(proposal: RefreshProposal): string {
  const kinds = [...new Set(proposal.changes.map((change) => REFRESH_CHANGE_LABELS[change.kind]))];
  return `${countOf(proposal.changes.length, 'change')}${kinds.length > 0 ? `: ${kinds.join(', ')}` : ''}`;
}

function costText(proposal: RefreshProposal): string {
  return proposal.state === 'proposed'
    ? `estimated ${formatUsd(proposal.estimated_cost_usd)}`
    : `cost ${formatUsd(proposal.cost_usd)}`;
}

function ProposalRow({
  proposal,
  showSite,
  onOpen,
}: {
  proposal: RefreshProposal;
  showSite: boolean;
  onOpen: (id: number) => void;
}) {
  const title = proposal.post_title || `Post ${proposal.wp_id}`;
  return (
    <Box component="li" sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Chip
              size="small"
              variant={proposal.state === 'proposed' ? 'filled' : 'outlined'}
              color={proposal.state === 'proposed' ? 'primary' : 'default'}
              label={PROPOSAL_STATE_LABELS[proposal.state]}
            />
            <Typography variant="caption">
              {showSite ? `${proposal.site_name} · ` : ''}
              {changesText(proposal)} · {costText(proposal)} · <DateTime value={proposal.created_at} />
              {proposal.auto_applied ? ' · applied automatically' : ''}
            </Typography>
          </Box>
        </Box>
        <Button
          size="small"
          variant="outlined"
          onClick={() => onOpen(proposal.id)}
          aria-label={`Open the refresh of ${title}`}
        >
          Open
        </Button>
      </Stack>
    </Box>
  );
}

/** The proposals of one site or all, waiting ones first; a state to show only those. */
export function ProposalsPanel({ siteId, onOpen }: { siteId: number | null; onOpen: (id: number) => void }) {
  const [state, setState] = useState<RefreshProposalState | null>(null);
  const [page, setPage] = useState(0);
  const list = useRefreshProposals({
    ...(siteId !== null ? { site_id: siteId } : {}),
    ...(state ? { state } : {}),
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  const items = [...(list.data?.items ?? [])].sort(byStateWaitingFirst);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="refresh-proposals-title"
      sx={{ px: 2, py: 1.5, mb: 2 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography id="refresh-proposals-title" variant="h6" component="h2">
          Proposals
        </Typography>
        <TextField
          select
          label="State"
          size="small"
          value={state ?? 'all'}
          onChange={(event) => {
            setState(event.target.value === 'all' ? null : (event.target.value as RefreshProposalState));
            setPage(0);
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="all">All states</MenuItem>
          {REFRESH_PROPOSAL_STATES.map((value) => (
            <MenuItem key={value} value={value}>
              {PROPOSAL_STATE_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.isError && <Alert severity="error">Could not load the proposals: {list.error.message}</Alert>}
      {list.data &&
        (items.length === 0 ? (
          <Typography variant="body2" sx={{ py: 2 }}>
            No refresh proposals yet. “Propose refresh” on a post below makes one.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Refresh proposals" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((proposal) => (
              <ProposalRow key={proposal.id} proposal={proposal} showSite={siteId === null} onOpen={onOpen} />
            ))}
          </Box>
        ))}
      {list.data && list.data.total > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={list.data.total}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, next) => setPage(next)}
        />
      )}
    </Paper>
  );
}

/** A post's refresh history: every proposal for it, what (its changes and why), when, its state and cost. */
export function PostHistory({ siteId, wpId, onOpen }: { siteId: number; wpId: number; onOpen: (id: number) => void }) {
  const list = useRefreshProposals({ site_id: siteId, wp_id: wpId, limit: 25, offset: 0 });
  if (list.isPending) return <Typography variant="body2">Loading the history…</Typography>;
  if (list.isError) return <Alert severity="error">Could not load the history: {list.error.message}</Alert>;
  if (list.data.items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Never refreshed by the app.
      </Typography>
    );
  return (
    <Box component="ul" aria-label="Refresh history" sx={{ m: 0, pl: 2.5 }}>
      {list.data.items.map((proposal) => (
        <Typography component="li" variant="body2" key={proposal.id} sx={{ mb: 0.5 }}>
          <DateTime value={proposal.applied_at ?? proposal.created_at} /> · {PROPOSAL_STATE_LABELS[proposal.state]} ·{' '}
          {costText(proposal)}{' '}
          <Button size="small" onClick={() => onOpen(proposal.id)} sx={{ minWidth: 0, py: 0 }}>
            Open
          </Button>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {proposal.changes.map((change) => (
              <li key={change.id}>
                {REFRESH_CHANGE_LABELS[change.kind]}: {change.reason}
              </li>
            ))}
          </Box>
          {proposal.note && <Box sx={{ color: 'text.secondary' }}>{proposal.note}</Box>}
        </Typography>
      ))}
    </Box>
  );
}
