import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { CONTENT_MAX_WIDTH } from '../theme';
import { NavDrawer } from './nav-drawer';
import { TopBar } from './top-bar';

/** The signed-in layout: drawer, top bar and the current screen. */
export function AppShell() {
  const theme = useTheme();
  // noSsr: read the real width on the first render, so phones never flash the wide layout.
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar
        besideDrawer={isWide}
        onOpenNavigation={
          isWide
            ? undefined
            : () => {
                setDrawerOpen(true);
              }
        }
      />
      <NavDrawer
        variant={isWide ? 'permanent' : 'temporary'}
        open={drawerOpen}
        onClose={() => {
          setDrawerOpen(false);
        }}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3 }, pb: 4 }}>
        <Toolbar />
        <Box sx={{ maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', pt: 3 }}>
          <Outlet />
        </Box>
      </Box>
      <UnsavedChangesGuard />
    </Box>
  );
}
