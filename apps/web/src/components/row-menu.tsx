import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';

export interface RowMenuAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** Destructive actions read in the error colour. */
  danger?: boolean;
}

interface RowMenuProps {
  /** Names the row: "More actions for Garden Blog". */
  label: string;
  actions: readonly RowMenuAction[];
}

/**
 * A table row's secondary actions behind one "⋯" button (issue #17 item 9): the row keeps its
 * width for the data, and nothing it offers can be pushed off-screen.
 */
export function RowMenu({ label, actions }: RowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <Tooltip title="More actions">
        <IconButton
          size="small"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreHorizIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            disabled={action.disabled}
            onClick={() => {
              setAnchor(null);
              action.onClick();
            }}
            sx={action.danger ? { color: 'error.main' } : undefined}
          >
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
