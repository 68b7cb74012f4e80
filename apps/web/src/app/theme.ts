import { createTheme, responsiveFontSizes } from '@mui/material/styles';

/** Layout constants from the spec (section 9). */
export const DRAWER_WIDTH = 240;
export const CONTENT_MAX_WIDTH = 1200;

// A system font stack: the app is self-hosted and must look right without fetching web fonts.
const FONT_STACK = [
  'Inter',
  'Roboto',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

// Responsive headings: long screen titles must fit a 390 px phone.
export const theme = responsiveFontSizes(
  createTheme({
    palette: {
      mode: 'light',
      primary: { main: '#1e40af' },
      secondary: { main: '#7c3aed' },
      // WCAG 2.2 AA (issue #17 item 14): MUI's default orange and light blue reach only 2.9–3.1:1 as
      // text or under white chip labels; these darker shades keep the hue at ≥ 4.5:1 on white.
      warning: { main: '#b45309', contrastText: '#ffffff' },
      info: { main: '#0369a1', contrastText: '#ffffff' },
      background: { default: '#f5f7fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: ({ theme: t }) => ({
            backgroundColor: t.palette.background.paper,
            borderBottom: `1px solid ${t.palette.divider}`,
          }),
        },
      },
      MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { outlined: { borderRadius: 12 } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiDialog: {
        styleOverrides: {
          // Issue #17 item 10: a dialog's title and buttons stay in view and its content scrolls —
          // also in the dialogs whose parts a <form> wraps (the paper's flex layout reaches through it).
          paper: {
            '& > form': {
              display: 'flex',
              flexDirection: 'column',
              flex: '1 1 auto',
              minHeight: 0,
              overflow: 'hidden',
            },
          },
        },
      },
      // A visible focus ring on everything clickable, for the keyboard only (:focus-visible).
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme: t }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: 2 },
          }),
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      // A disabled field's hint is still read (MUI's grey is 2.7:1): it keeps the secondary text colour.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme: t }) => ({ '&.Mui-disabled:not(.Mui-error)': { color: t.palette.text.secondary } }),
        },
      },
      // On a phone "Rows per page", the range and the arrows do not fit one line (issue #17 item
      // 17): the toolbar wraps instead of clipping the next-page arrow.
      MuiTablePagination: {
        styleOverrides: {
          toolbar: { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 4 },
          spacer: { flexBasis: 0 },
        },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme: t }) => ({
            borderRadius: t.shape.borderRadius,
            margin: t.spacing(0.25, 1),
            '&.Mui-selected': {
              backgroundColor: t.palette.primary.main,
              color: t.palette.primary.contrastText,
              '& .MuiListItemIcon-root': { color: t.palette.primary.contrastText },
              '&:hover': { backgroundColor: t.palette.primary.dark },
            },
          }),
        },
      },
    },
  }),
);
