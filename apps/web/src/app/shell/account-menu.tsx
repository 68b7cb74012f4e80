import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { ChangePasswordDialog, useAuthStatus } from '../../features/auth';
import { formatDateTime } from '../../lib/dates';

function signedInSince(loginTime: string | null | undefined): string | null {
  if (!loginTime) return null;
  const date = new Date(loginTime);
  return Number.isNaN(date.getTime()) ? null : `Signed in since ${formatDateTime(date)}`;
}

/** The account button: a menu with the session start and "Change password". */
export function AccountMenu() {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const { data: status } = useAuthStatus();
  const since = signedInSince(status?.loginTime);

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          aria-label="Account"
          aria-controls={anchor ? menuId : undefined}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
          }}
        >
          <AccountCircleOutlined />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => {
          setAnchor(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {since && (
          <MenuItem disabled dense>
            <ListItemText secondary={since} />
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDialogOpen(true);
          }}
        >
          <ListItemIcon>
            <KeyOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Change password" />
        </MenuItem>
      </Menu>
      <ChangePasswordDialog
        open={dialogOpen}
        onClose={() => {
          setDialogOpen(false);
        }}
      />
    </>
  );
}
