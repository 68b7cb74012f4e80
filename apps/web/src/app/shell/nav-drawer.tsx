import { APP_TITLE, APP_VERSION } from '@abp/contracts';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink, useLocation } from 'react-router';
import { useReviewSummary } from '../../lib/review-summary';
import { findNavEntry, NAV_ENTRIES } from '../navigation';
import { DRAWER_WIDTH } from '../theme';

interface NavDrawerProps {
  /** Permanent from the md breakpoint up; a toggled overlay below it. */
  variant: 'permanent' | 'temporary';
  open: boolean;
  onClose: () => void;
}

export function NavDrawer({ variant, open, onClose }: NavDrawerProps) {
  const { pathname } = useLocation();
  const active = findNavEntry(pathname);
  const temporary = variant === 'temporary';
  // The Review entry carries how many items wait (polled).
  const waiting = useReviewSummary().data?.count ?? 0;

  const content = (
    // A landmark around the whole drawer: the app's name and version are not left outside one (axe `region`, issue #37).
    <Box component="aside" aria-label="App menu" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 32, height: 32 }} aria-hidden>
          <AutoStoriesOutlined fontSize="small" />
        </Avatar>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          {APP_TITLE}
        </Typography>
      </Toolbar>
      <Divider />
      <List component="nav" aria-label="Main navigation" sx={{ flexGrow: 1, py: 1 }}>
        {NAV_ENTRIES.map((entry) => (
          <ListItemButton
            key={entry.path}
            component={NavLink}
            to={entry.path}
            end={entry.path === '/'}
            selected={entry === active}
            // The overlay drawer would otherwise cover the screen just chosen.
            onClick={temporary ? onClose : undefined}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <entry.icon fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={entry.label}
              slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } } }}
            />
            {entry.path === '/review' && waiting > 0 && (
              <Chip
                size="small"
                color="primary"
                label={waiting}
                aria-label={`${waiting} waiting`}
                sx={{ height: 20, fontSize: 12 }}
              />
            )}
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <Typography variant="caption" color="text.secondary" sx={{ px: 2.5, py: 1.5 }}>
        v{APP_VERSION}
      </Typography>
    </Box>
  );

  return (
    <Box sx={{ width: temporary ? 0 : DRAWER_WIDTH, flexShrink: 0 }}>
      <Drawer
        variant={variant}
        open={temporary ? open : true}
        onClose={onClose}
        // Keeps the overlay's DOM around so opening it is instant on phones.
        ModalProps={temporary ? { keepMounted: true } : undefined}
        sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        {content}
      </Drawer>
    </Box>
  );
}
