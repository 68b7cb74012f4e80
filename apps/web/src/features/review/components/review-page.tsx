import {
  REVIEW_ITEM_REASONS,
  REVIEW_PAGE_SIZE,
  REVIEW_REASON_LABELS,
  type ReviewItem,
  type ReviewItemReason,
  type ReviewItemRef,
} from '@abp/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useSites } from '../../../lib/resources/sites';
import { useReviewList } from '../api/get-review';
import { type Decision, useDecisions } from '../hooks/use-decisions';
import { useReviewKeys } from '../hooks/use-review-keys';
import { RejectDialog } from './reject-dialog';
import { ReviewDetail } from './review-detail';
import { itemKey, ReviewList } from './review-list';
import { ScheduleDialog } from './schedule-dialog';

type Dialog = { type: 'reject' | 'schedule'; items: ReviewItemRef[] } | null;

const refOf = (item: ReviewItem): ReviewItemRef => ({ kind: item.kind, id: item.id });

export const REVIEW_HELP =
  'Keys: j next · k previous · x check · a approve · r reject (the checked items, or the open one)';

/**
 * The Review inbox (issue #33): everything that waits for the operator, across sites, oldest first.
 * A list and the open item's detail side by side; on a phone the list, then the detail.
 */
export function ReviewPage() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [siteId, setSiteId] = useState<number | null>(null);
  const [reason, setReason] = useState<ReviewItemReason | null>(null);
  const [order, setOrder] = useState<'oldest' | 'newest'>('oldest');
  const [page, setPage] = useState(0);
  const [current, setCurrent] = useState(0);
  // On a phone the detail replaces the list once an item is opened.
  const [opened, setOpened] = useState(false);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const sites = useSites();
  const list = useReviewList({
    limit: REVIEW_PAGE_SIZE,
    offset: page * REVIEW_PAGE_SIZE,
    order,
    ...(siteId !== null ? { site_id: siteId } : {}),
    ...(reason ? { reason } : {}),
  });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const index = Math.min(current, Math.max(items.length - 1, 0));
  const item: ReviewItem | undefined = items[index];
  const decisions = useDecisions((_decision, result) => {
    // Decided items leave the checked set; the others stay checked for another try.
    const decided = new Set(result.results.filter((r) => r.ok).map((r) => `${r.kind}:${r.id}`));
    setChecked((old) => new Set([...old].filter((key) => !decided.has(key))));
  });

  const targets = (): ReviewItemRef[] => {
    if (checked.size > 0)
      return [...checked].map((key) => {
        const [kind, id] = key.split(':');
        return { kind: kind as ReviewItemRef['kind'], id: Number(id) };
      });
    return item ? [refOf(item)] : [];
  };
  const decide = (decision: Decision) => {
    if (decision.items.length > 0) decisions.mutate(decision);
  };
  const toggle = (target: ReviewItem) =>
    setChecked((old) => {
      const next = new Set(old);
      const key = itemKey(target);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const resetView = () => {
    setPage(0);
    setCurrent(0);
    setChecked(new Set());
  };

  useReviewKeys(dialog === null && !decisions.isPending, {
    next: () => setCurrent(Math.min(index + 1, Math.max(items.length - 1, 0))),
    previous: () => setCurrent(Math.max(index - 1, 0)),
    check: () => item && toggle(item),
    approve: () => decide({ action: 'approve', items: targets() }),
    reject: () => {
      const refs = targets();
      if (refs.length > 0) setDialog({ type: 'reject', items: refs });
    },
  });

  const one = (target: ReviewItem) => ({
    approve: () => decide({ action: 'approve', items: [refOf(target)] }),
    schedule: () => setDialog({ type: 'schedule', items: [refOf(target)] }),
    reject: () => setDialog({ type: 'reject', items: [refOf(target)] }),
    hold: () => decide({ action: 'hold', items: [refOf(target)] }),
    busy: decisions.isPending,
  });

  const showList = wide || !opened || !item;
  const showDetail = item && (wide || opened);

  return (
    <>
      <PageHeader
        title="Review"
        subtitle="Everything that waits for your decision, across sites: held, delayed and refused articles, link proposals"
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label="Site"
          value={siteId ?? ''}
          onChange={(event) => {
            setSiteId(event.target.value === '' ? null : Number(event.target.value));
            resetView();
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All sites</MenuItem>
          {(sites.data ?? []).map((site) => (
            <MenuItem key={site.id} value={site.id}>
              {site.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Reason"
          value={reason ?? ''}
          onChange={(event) => {
            setReason(event.target.value === '' ? null : (event.target.value as ReviewItemReason));
            resetView();
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All reasons</MenuItem>
          {REVIEW_ITEM_REASONS.map((value) => (
            <MenuItem key={value} value={value}>
              {REVIEW_REASON_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Order"
          value={order}
          onChange={(event) => {
            setOrder(event.target.value as 'oldest' | 'newest');
            resetView();
          }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="oldest">Oldest first</MenuItem>
          <MenuItem value="newest">Newest first</MenuItem>
        </TextField>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {REVIEW_HELP}
      </Typography>
      {checked.size > 0 && (
        <Paper
          variant="outlined"
          role="region"
          aria-label="Checked items"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1, mb: 2 }}
        >
          <Typography variant="body2" sx={{ mr: 1 }}>
            {checked.size} checked
          </Typography>
          <Button
            size="small"
            variant="contained"
            disabled={decisions.isPending}
            onClick={() => decide({ action: 'approve', items: targets() })}
          >
            Approve checked
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={decisions.isPending}
            onClick={() => setDialog({ type: 'schedule', items: targets() })}
          >
            Approve and schedule checked
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={decisions.isPending}
            onClick={() => setDialog({ type: 'reject', items: targets() })}
          >
            Reject checked
          </Button>
          <Button size="small" onClick={() => setChecked(new Set())}>
            Clear
          </Button>
        </Paper>
      )}
      {list.isPending && <CircularProgress aria-label="Loading the inbox" />}
      {list.isError && <Alert severity="error">The inbox could not be loaded: {list.error.message}</Alert>}
      {list.data && items.length === 0 && (
        <Alert severity="success">
          Nothing waits for review{reason || siteId !== null ? ' with these filters' : ''}.
        </Alert>
      )}
      {items.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: wide ? 'minmax(0, 5fr) minmax(0, 7fr)' : 'minmax(0, 1fr)',
            gap: 2,
          }}
        >
          {showList && (
            <Paper variant="outlined" sx={{ minWidth: 0 }}>
              <ReviewList
                items={items}
                current={index}
                checked={checked}
                onOpen={(i) => {
                  setCurrent(i);
                  setOpened(true);
                }}
                onToggle={toggle}
              />
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {page * REVIEW_PAGE_SIZE + 1}–{page * REVIEW_PAGE_SIZE + items.length} of {total}
                </Typography>
                <Box>
                  <Button size="small" disabled={page === 0} onClick={() => (setPage(page - 1), setCurrent(0))}>
                    Previous page
                  </Button>
                  <Button
                    size="small"
                    disabled={(page + 1) * REVIEW_PAGE_SIZE >= total}
                    onClick={() => (setPage(page + 1), setCurrent(0))}
                  >
                    Next page
                  </Button>
                </Box>
              </Stack>
            </Paper>
          )}
          {showDetail && item && (
            <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
              {!wide && (
                <Button startIcon={<ArrowBack />} onClick={() => setOpened(false)} sx={{ mb: 1 }}>
                  Back to the list
                </Button>
              )}
              <ReviewDetail item={item} actions={one(item)} />
            </Paper>
          )}
        </Box>
      )}
      {dialog?.type === 'reject' && (
        <RejectDialog
          count={dialog.items.length}
          onClose={() => setDialog(null)}
          onReject={(why) => {
            decide({ action: 'reject', items: dialog.items, reason: why });
            setDialog(null);
          }}
        />
      )}
      {dialog?.type === 'schedule' && (
        <ScheduleDialog
          count={dialog.items.length}
          onClose={() => setDialog(null)}
          onSchedule={(at) => {
            decide({ action: 'approve', items: dialog.items, scheduleAt: at });
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
