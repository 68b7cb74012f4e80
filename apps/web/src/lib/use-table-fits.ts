import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Whether a many-column table fits beside the drawer (issue #17 item 9): by default from the `lg`
 * breakpoint (1200 px), or from a screen's own width; below it the Sites, Blog Configuration and
 * Articles screens show cards, so nothing scrolls sideways at 1024 or 900 px.
 */
export function useTableFits(minWidth?: number): boolean {
  const theme = useTheme();
  return useMediaQuery(minWidth === undefined ? theme.breakpoints.up('lg') : `(min-width:${minWidth}px)`, {
    noSsr: true,
  });
}
