import {
  REFRESH_REASON_KINDS,
  REFRESH_REASON_LABELS,
  REFRESH_TEXTS,
  type RefreshPost,
  type RefreshReasonKind,
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
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { DateTime } from '../../../components/date-time';
import { ExternalLink } from '../../../components/external-link';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useRefreshList } from '../api/get-refresh-list';
import { useRefreshSummary } from '../api/get-refresh-summary';
import { useProposeRefresh } from '../api/propose-refresh';
import { useRecomputeRefresh } from '../api/recompute-refresh';
import { ProposalDialog } from './proposal-dialog';
import { PostHistory, ProposalsPanel } from './proposals-panel';
import { RefreshSettingsDialog } from './refresh-settings-dialog';

const PAGE_SIZES = [25, 50, 100];

/** How strongly a score asks for a refresh: the chip's colour (the number is always written). */
function scoreColor(score: number): 'error' | 'warning' | 'default' {
  if (score >= 60) return 'error';
  if (score >= 30) return 'warning';
  return 'default';
}

function PostRow({
  post,
  showSite,
  onOpenProposal,
}: {
  post: RefreshPost;
  showSite: boolean;
  onOpenProposal: (id: number) => void;
}) {
  const propose = useProposeRefresh();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const title = post.title || `Post ${post.wp_id}`;

  const proposeRefresh = async () => {
    setRefusal(null);
    try {
      const proposal = await propose.mutateAsync({ site_id: post.site_id, wp_id: post.wp_id });
      onOpenProposal(proposal.id);
    } catch (error) {
      // The 409's text as the server wrote it (cooldown, one waiting, nothing to change).
      setRefusal(error instanceof Error ? error.message : 'Could not propose a refresh.');
    }
  };

  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Chip
          label={post.score}
          color={scoreColor(post.score)}
          aria-label={`Score ${post.score} of 100`}
          sx={{ minWidth: 48, fontWeight: 600 }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
            <ExternalLink href={post.link}>{post.title || `Post ${post.wp_id}`}</ExternalLink>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {showSite ? `${post.site_name} · ` : ''}
            Last changed {post.modified_at ? <DateTime value={post.modified_at} as="date" /> : '—'}
          </Typography>
          {post.reasons.length > 0 ? (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {post.reasons.map((reason) => (
                <Typography component="li" variant="body2" key={reason.kind}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {REFRESH_REASON_LABELS[reason.kind]}
                  </Box>{' '}
                  (+{reason.weight}): {reason.words}
                </Typography>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Nothing found to refresh.
            </Typography>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => void proposeRefresh()}
              disabled={propose.isPending}
              aria-label={`Propose refresh: ${title}`}
            >
              Propose refresh
            </Button>
            <Button
              size="small"
              onClick={() => setShowHistory((shown) => !shown)}
              aria-expanded={showHistory}
              aria-label={`History: ${title}`}
            >
              History
            </Button>
          </Stack>
          {refusal && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {refusal}
            </Alert>
          )}
          {showHistory && (
            <Box sx={{ mt: 1 }}>
              <PostHistory siteId={post.site_id} wpId={post.wp_id} onOpen={onOpenProposal} />
            </Box>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

/** Refresh (issue #36 §1): the posts of one site or all, by how much they need a refresh, with the reasons. */
export function RefreshPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [siteId, setSiteId] = useState<number | null>(null);
  const [reason, setReason] = useState<RefreshReasonKind | null>(null);
  const [rowsPerPage, setRowsPerPage] = useState(PAGE_SIZES[0]!);
  const [page, setPage] = useState(0);
  const summary = useRefreshSummary();
  const list = useRefreshList({
    ...(siteId !== null ? { site_id: siteId } : {}),
    ...(reason ? { reason } : {}),
    limit: rowsPerPage,
    offset: page * rowsPerPage,
  });
  const recompute = useRecomputeRefresh();
  const site = summary.data?.find((row) => row.site_id === siteId);
  const [openProposal, setOpenProposal] = useState<number | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const scoreAgain = async () => {
    if (siteId === null) return;
    try {
      const result = await recompute.mutateAsync(siteId);
      enqueueSnackbar(REFRESH_TEXTS.recomputed(result.scored), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(isApiError(error) ? error.message : 'Could not score the site again.', { variant: 'error' });
    }
  };

  return (
    <Box>
      <PageHeader
        title={REFRESH_TEXTS.title}
        subtitle={REFRESH_TEXTS.intro}
        actions={
          siteId !== null ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" onClick={() => void scoreAgain()} disabled={recompute.isPending}>
                {REFRESH_TEXTS.recompute}
              </Button>
              <Button variant="outlined" onClick={() => setSettingsOpen(true)}>
                Refresh settings
              </Button>
            </Stack>
          ) : undefined
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          label="Site"
          size="small"
          value={siteId === null ? 'all' : String(siteId)}
          onChange={(event) => {
            setSiteId(event.target.value === 'all' ? null : Number(event.target.value));
            setPage(0);
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="all">{REFRESH_TEXTS.allSites}</MenuItem>
          {(summary.data ?? []).map((row) => (
            <MenuItem key={row.site_id} value={String(row.site_id)}>
              {row.site_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Reason"
          size="small"
          value={reason ?? 'all'}
          onChange={(event) => {
            setReason(event.target.value === 'all' ? null : (event.target.value as RefreshReasonKind));
            setPage(0);
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="all">{REFRESH_TEXTS.allReasons}</MenuItem>
          {REFRESH_REASON_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {REFRESH_REASON_LABELS[kind]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {site && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {site.scored} posts scored, {site.stale} need a refresh, {site.dead_links} dead links found
          {site.computed_at ? (
            <>
              {' '}
              · scored <DateTime value={site.computed_at} as="relative" />
            </>
          ) : null}
          .
        </Typography>
      )}
      <ProposalsPanel siteId={siteId} onOpen={setOpenProposal} />
      {list.isError && <Alert severity="error">Could not load the scores: {String(list.error.message)}</Alert>}
      <Paper variant="outlined" sx={{ px: 2 }}>
        {list.data && list.data.items.length === 0 ? (
          <Typography sx={{ py: 3 }}>{REFRESH_TEXTS.empty}</Typography>
        ) : (
          <Box component="ul" aria-label="Posts by refresh score" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {(list.data?.items ?? []).map((post) => (
              <PostRow
                key={`${post.site_id}:${post.wp_id}`}
                post={post}
                showSite={siteId === null}
                onOpenProposal={setOpenProposal}
              />
            ))}
          </Box>
        )}
        {list.data && list.data.total > 0 && (
          <TablePagination
            component="div"
            count={list.data.total}
            page={page}
            rowsPerPage={rowsPerPage}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setRowsPerPage(Number(event.target.value));
              setPage(0);
            }}
          />
        )}
      </Paper>
      <ProposalDialog key={openProposal ?? 'none'} proposalId={openProposal} onClose={() => setOpenProposal(null)} />
      {siteId !== null && (
        <RefreshSettingsDialog
          siteId={siteId}
          siteName={site?.site_name ?? ''}
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </Box>
  );
}
