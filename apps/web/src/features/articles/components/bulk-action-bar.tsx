import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BulkAction } from '../hooks/use-bulk-action';

interface BulkActionBarProps {
  count: number;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}

/** Shown only while articles are selected (spec §2.1). */
export function BulkActionBar({ count, onAction, onClear }: BulkActionBarProps) {
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Bulk actions"
      sx={{
        mb: 2,
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        bgcolor: 'action.selected',
      }}
    >
      <Typography sx={{ mr: 'auto', fontWeight: 600 }}>{count} selected</Typography>
      <Button variant="outlined" onClick={() => onAction('status')}>
        Change Status
      </Button>
      <Button variant="outlined" onClick={() => onAction('publish')}>
        Publish
      </Button>
      <Button variant="outlined" onClick={() => onAction('draft')}>
        Send as Draft
      </Button>
      <Button variant="outlined" color="error" onClick={() => onAction('delete')}>
        Delete
      </Button>
      <Button onClick={onClear}>Clear Selection</Button>
    </Paper>
  );
}
