import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** A datetime-local value ("2026-12-01T09:00") is the operator's local time. */
function localValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Approve and schedule: each article is scheduled on WordPress at the time chosen. */
export function ScheduleDialog({
  count,
  onSchedule,
  onClose,
  now = new Date(),
}: {
  count: number;
  onSchedule: (at: string) => void;
  onClose: () => void;
  now?: Date;
}) {
  const tomorrow = new Date(now.getTime() + 24 * 3600_000);
  tomorrow.setMinutes(0, 0, 0);
  const [value, setValue] = useState(localValue(tomorrow));
  const when = new Date(value);
  const problem = Number.isNaN(when.getTime())
    ? 'Choose a date and time'
    : when.getTime() <= now.getTime()
      ? 'Choose a time in the future'
      : null;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="review-schedule-title">
      <DialogTitle id="review-schedule-title">
        {count === 1 ? 'Approve and schedule' : `Approve and schedule ${count} items`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The post is scheduled on WordPress and goes live at this time.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          type="datetime-local"
          label="Publish at"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={problem !== null}
          helperText={problem ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={problem !== null} onClick={() => onSchedule(when.toISOString())}>
          Approve and schedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
