import type { CalendarItem } from '@abp/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../lib/dates';

interface MoveDialogProps {
  item: CalendarItem | null;
  today: string;
  pending: boolean;
  onClose: () => void;
  onMove: (item: CalendarItem, date: string) => void;
}

/** The keyboard way to reschedule: a date field instead of a drag. The time of day is kept. */
export function MoveDialog({ item, today, pending, onClose, onMove }: MoveDialogProps) {
  // Mounted afresh for each item (the page keys it), so the field starts at the item's day.
  const [date, setDate] = useState(item?.date ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (item && date) onMove(item, date);
  };
  return (
    <Dialog open={item !== null} onClose={pending ? undefined : onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>Move to another day</DialogTitle>
        <DialogContent>
          {item && (
            <DialogContentText sx={{ mb: 2 }}>
              {`“${item.title}” (${item.site_name}), now ${formatDateTime(item.at)}. It keeps its time of day.`}
            </DialogContentText>
          )}
          <TextField
            type="date"
            label="New day"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            fullWidth
            autoFocus
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending || !date || date === item?.date}>
            Move
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
