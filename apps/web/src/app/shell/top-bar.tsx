import { APP_TITLE } from '@abp/contracts';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useLogout } from '../../features/auth';
import { BulkJobIndicator } from '../../features/bulk-jobs';
import { findNavEntry } from '../navigation';
import { DRAWER_WIDTH } from '../theme';
import { AccountMenu } from './account-menu';

interface TopBarProps {
  /** Below md the drawer is an overlay opened from here. */
  onOpenNavigation?: () => void;
  besideDrawer: boolean;
}

export function TopBar({ onOpenNavigation, besideDrawer }: TopBarProps) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const logout = useLogout();
  const title = findNavEntry(pathname)?.label ?? APP_TITLE;

  useEffect(() => {
    document.title = title === APP_TITLE ? APP_TITLE : `${title} · ${APP_TITLE}`;
  }, [title]);

  return (
    <AppBar
      position="fixed"
      sx={besideDrawer ? { width: `calc(100% - ${DRAWER_WIDTH}px)`, ml: `${DRAWER_WIDTH}px` } : undefined}
    >
      <Toolbar sx={{ gap: 1 }}>
        {onOpenNavigation && (
          <IconButton edge="start" aria-label="Open navigation" onClick={onOpenNavigation}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <Box data-testid="bulk-job-indicator-slot" sx={{ display: 'flex', alignItems: 'center' }}>
          <BulkJobIndicator />
        </Box>
        <AccountMenu />
        <Tooltip title="Logout">
          <span>
            <IconButton
              aria-label="Logout"
              disabled={logout.isPending}
              onClick={() => {
                logout.mutate();
              }}
            >
              <LogoutOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Toolbar>
      {/* A screen's code is loading: show that the click was taken. */}
      {navigation.state === 'loading' && (
        <LinearProgress sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }} />
      )}
    </AppBar>
  );
}
