import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's own colours put white text on #43a047, #2196f3 and #ff9800 (3.3, 3.1 and 2.2:1);
 * the theme's darker shades keep every toast at ≥ 4.5:1 (WCAG 2.2 AA, issue #17 item 14).
 */
const AccessibleToast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': {
    backgroundColor: theme.palette.success.dark,
    color: theme.palette.success.contrastText,
  },
  '&.notistack-MuiContent-error': {
    backgroundColor: theme.palette.error.dark,
    color: theme.palette.error.contrastText,
  },
  '&.notistack-MuiContent-warning': {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.warning.contrastText,
  },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main, color: theme.palette.info.contrastText },
  '&.notistack-MuiContent-default': { backgroundColor: theme.palette.grey[900], color: theme.palette.common.white },
}));

export const TOAST_COMPONENTS = {
  default: AccessibleToast,
  success: AccessibleToast,
  error: AccessibleToast,
  warning: AccessibleToast,
  info: AccessibleToast,
};
