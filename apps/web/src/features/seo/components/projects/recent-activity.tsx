import type { SeoProjectLog } from '@abp/contracts';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatTime } from '../../lib/format';

const COLORS = { success: 'success', error: 'error', warning: 'warning', info: 'info' } as const;

/** The newest log entries of a project with their phase and time. */
export function RecentActivity({ logs, limit }: { logs: SeoProjectLog[]; limit: number }) {
  if (logs.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No activity yet
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Recent activity">
      {logs.slice(0, limit).map((log) => (
        <ListItem key={log.id} disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Chip
            size="small"
            variant="outlined"
            color={COLORS[log.status]}
            label={`Phase ${log.phase}`}
            sx={{ mt: 0.5 }}
          />
          <ListItemText
            primary={log.message}
            secondary={formatTime(log.created_at)}
            slotProps={{ primary: { variant: 'body2' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
