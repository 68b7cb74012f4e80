import { REVIEW_REJECT_REASON_MAX_LENGTH } from '@abp/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** Reject with a reason (required): kept with each article; a preview draft on WordPress goes to its trash. */
export function RejectDialog({
  count,
  onReject,
  onClose,
}: {
  count: number;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const submit = () => {
    setTouched(true);
    if (!missing) onReject(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="review-reject-title">
      <DialogTitle id="review-reject-title">{count === 1 ? 'Reject this item' : `Reject ${count} items`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          A rejected article goes back to draft and leaves the inbox; a draft sent to WordPress only for preview is
          moved to the WordPress trash. A rejected link proposal is dismissed.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label="Reason"
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={touched && missing}
          helperText={touched && missing ? 'Say why: the reason is kept with the article' : ' '}
          slotProps={{ htmlInput: { maxLength: REVIEW_REJECT_REASON_MAX_LENGTH } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={submit}>
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
