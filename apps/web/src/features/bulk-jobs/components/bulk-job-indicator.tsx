import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useBulkJobIndicator } from '../hooks/use-bulk-job-indicator';
import { badgeText } from '../lib/bulk-job-format';
import { BulkJobPopoverContent } from './bulk-job-popover-content';

/** The top bar's background-job indicator: a badge with the job's percent, a popover with its state. */
export function BulkJobIndicator() {
  const indicator = useBulkJobIndicator();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Background job">
        <IconButton
          aria-label="Background job"
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge
            badgeContent={indicator.active ? badgeText(indicator.job) : undefined}
            color="secondary"
            max={999}
            data-testid="bulk-job-badge"
          >
            <CloudSyncOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Background job' } }}
      >
        <BulkJobPopoverContent
          jobId={indicator.jobId}
          job={indicator.job}
          onCancel={indicator.cancel}
          cancelling={indicator.cancelling}
        />
      </Popover>
    </>
  );
}
