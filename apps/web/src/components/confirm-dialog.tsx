import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What goes, by name (issue #17 item 19): "Garden Blog (https://garden.example)". */
  subject?: string | undefined;
  /** The question, word for word as the spec gives it. */
  message: string;
  confirmLabel: string;
  confirmColor?: 'primary' | 'error' | 'warning';
  onConfirm: () => void;
  onCancel: () => void;
  /** What else the operator should know or choose, below the question. */
  children?: ReactNode;
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  subject,
  message,
  confirmLabel,
  confirmColor = 'primary',
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {subject && (
          <DialogContentText sx={{ fontWeight: 600, color: 'text.primary', mb: 1, overflowWrap: 'anywhere' }}>
            {subject}
          </DialogContentText>
        )}
        <DialogContentText>{message}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button onClick={onConfirm} variant="contained" color={confirmColor}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
