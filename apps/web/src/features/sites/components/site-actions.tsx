import { SITE_TEST_LABELS, type Site } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { RowMenu } from '../../../components/row-menu';

export interface SiteActionHandlers {
  onTest: (site: Site, enhanced: boolean) => void;
  onEdit: (site: Site) => void;
  onDelete: (site: Site, cascade: boolean) => void;
}

interface SiteActionsProps extends SiteActionHandlers {
  site: Site;
  /** Which test of this site is running, if any. */
  testing?: 'basic' | 'enhanced';
  /** In a table row the deletions go behind "⋯" (issue #17 item 9); a card has room for all. */
  compact?: boolean;
}

/** Check Login / Full Diagnosis / Edit / Delete Site / Delete All, for one site (table row or card). */
export function SiteActions({ site, testing, compact = false, onTest, onEdit, onDelete }: SiteActionsProps) {
  const busy = testing !== undefined || site.deleting;
  // Issue #37 point 8: on a phone the red deletions do not sit inline next to Edit; they go behind "⋯".
  const phone = useMediaQuery('(max-width:600px)');
  const inMenu = compact || phone;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => onTest(site, false)}>
        {testing === 'basic' ? SITE_TEST_LABELS.running : SITE_TEST_LABELS.basic}
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        onClick={() => onTest(site, true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {testing === 'enhanced' ? SITE_TEST_LABELS.running : SITE_TEST_LABELS.enhanced}
      </Button>
      <Button size="small" disabled={site.deleting} onClick={() => onEdit(site)}>
        Edit
      </Button>
      {inMenu ? (
        <RowMenu
          label={`More actions for ${site.name}`}
          actions={[
            { label: 'Delete Site', onClick: () => onDelete(site, false), disabled: site.deleting },
            { label: 'Delete All', onClick: () => onDelete(site, true), disabled: site.deleting, danger: true },
          ]}
        />
      ) : (
        <>
          <Button size="small" color="warning" disabled={site.deleting} onClick={() => onDelete(site, false)}>
            Delete Site
          </Button>
          <Button size="small" color="error" disabled={site.deleting} onClick={() => onDelete(site, true)}>
            Delete All
          </Button>
        </>
      )}
    </Box>
  );
}
