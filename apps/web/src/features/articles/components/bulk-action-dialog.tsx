import type { ArticleStatus } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type BulkAction, type BulkOptions, type BulkRun, isPushAction } from '../hooks/use-bulk-action';
import { fromDateTimeLocal } from '../lib/article-format';
import { PublishOutcomes } from './publish-outcomes';

/** Spec §2.1: the bulk status change offers these four. */
const BULK_STATUSES: ArticleStatus[] = ['draft', 'review', 'published', 'scheduled'];
const TITLES: Record<BulkAction, string> = {
  status: 'Change Status',
  publish: 'Publish Articles',
  draft: 'Send to WordPress as Drafts',
  delete: 'Delete Articles',
};

interface BulkActionDialogProps {
  action: BulkAction | null;
  count: number;
  run: BulkRun | null;
  onConfirm: (options: BulkOptions) => void;
  onCancel: () => void;
  /** A bulk publish that left articles unpublished stays open: "Publish anyway" for a blocked one, and Close. */
  onPublishAnyway: (id: number) => Promise<void>;
  onClose: () => void;
}

export function BulkActionDialog(props: BulkActionDialogProps) {
  const { action, count, run, onCancel } = props;
  const shown = run?.action ?? action;
  const withOutcomes =
    run !== null && isPushAction(run.action) && run.done && run.outcomes.some((o) => o.kind !== 'published');
  return (
    <Dialog
      open={shown !== null}
      onClose={run ? (run.done ? props.onClose : undefined) : onCancel}
      maxWidth={withOutcomes ? 'sm' : 'xs'}
      fullWidth
      aria-labelledby="bulk-dialog-title"
    >
      {/* Keyed by action so the chosen status starts empty each time. */}
      {shown && <BulkBody key={shown} {...props} action={shown} count={run?.total ?? count} />}
    </Dialog>
  );
}

function BulkBody({
  action,
  count,
  run,
  onConfirm,
  onCancel,
  onPublishAnyway,
  onClose,
}: Omit<BulkActionDialogProps, 'action'> & { action: BulkAction }) {
  const [status, setStatus] = useState<ArticleStatus | ''>('');
  const [when, setWhen] = useState('');
  const scheduledAt = fromDateTimeLocal(when);
  const ready = action !== 'status' || (status !== '' && (status !== 'scheduled' || scheduledAt !== null));
  const plural = `${count} article${count === 1 ? '' : 's'}`;

  return (
    <>
      <DialogTitle id="bulk-dialog-title">{TITLES[action]}</DialogTitle>
      <DialogContent>
        {action === 'delete' && (
          <DialogContentText>
            {count === 1
              ? 'Are you sure you want to delete this article?'
              : `Are you sure you want to delete ${count} articles?`}
          </DialogContentText>
        )}
        {action === 'publish' && (
          <DialogContentText>{`Publish ${plural} to WordPress? Their posts go live (scheduled articles are scheduled for their time). Articles without a site are skipped.`}</DialogContentText>
        )}
        {action === 'draft' && (
          <DialogContentText>{`Send ${plural} to WordPress as drafts, without making them live? Articles without a site are skipped.`}</DialogContentText>
        )}
        {action === 'status' && (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <DialogContentText>{`Change the status of ${plural}.`}</DialogContentText>
            <TextField
              select
              label="New Status"
              value={status}
              onChange={(e) => setStatus(e.target.value as ArticleStatus)}
              disabled={run !== null}
            >
              {BULK_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s.charAt(0).toUpperCase() + s.slice(1)}
                </MenuItem>
              ))}
            </TextField>
            {status === 'scheduled' && (
              <TextField
                label="Scheduled for"
                type="datetime-local"
                value={when}
                onChange={(e) => setWhen(e.target.value)}
                disabled={run !== null}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          </Box>
        )}
        {run && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={run.percent} aria-label="Bulk progress" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {run.done
                ? `Completed: ${run.processed} of ${run.total} processed`
                : `Processing ${run.processed} of ${run.total} (${run.percent}%)`}
            </Typography>
          </Box>
        )}
        {run && isPushAction(run.action) && run.outcomes.length > 0 && (
          <PublishOutcomes outcomes={run.outcomes} done={run.done} onPublishAnyway={onPublishAnyway} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {run?.done && isPushAction(action) ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <Button onClick={onCancel} disabled={run !== null}>
            Cancel
          </Button>
        )}
        <Button
          variant="contained"
          color={action === 'delete' ? 'error' : 'primary'}
          disabled={!ready || run !== null}
          onClick={() => onConfirm(action === 'status' && status ? { status, scheduledAt } : {})}
        >
          {action === 'delete'
            ? 'Delete'
            : action === 'publish'
              ? 'Publish'
              : action === 'draft'
                ? 'Send as Draft'
                : 'Apply'}
        </Button>
      </DialogActions>
    </>
  );
}
