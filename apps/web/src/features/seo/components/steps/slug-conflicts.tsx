import type { PageSlugConflict } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { errorText } from '../../lib/errors';

interface Props {
  conflicts: PageSlugConflict[] | undefined;
  loading: boolean;
  error: unknown;
  /** Pages that take over the site's page at their address. */
  chosen: Set<number>;
  onToggle: (pageId: number, update: boolean) => void;
}

/**
 * Issue #18: a page whose address the site already uses would be added beside it as `about-2`.
 * The operator chooses per page: update the site's page (only one that is not live), or leave the
 * site's page alone and not send this one.
 */
export function SlugConflicts({ conflicts, loading, error, chosen, onToggle }: Props) {
  if (loading) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <CircularProgress size={16} />
        <Typography variant="body2">Looking for pages the site already has…</Typography>
      </Box>
    );
  }
  if (error)
    return (
      <Alert
        severity="warning"
        sx={{ mt: 1 }}
      >{`Could not look for pages the site already has (${errorText(error, 'unknown error')}). A page whose address is taken will not be sent.`}</Alert>
    );
  if (!conflicts || conflicts.length === 0) return null;
  return (
    <Box role="group" aria-label="Pages the site already has" sx={{ mt: 2 }}>
      <Typography variant="subtitle2">The site already has pages at these addresses</Typography>
      {conflicts.map((c) => {
        const site = `“${c.existing.title || `page ${c.existing.id}`}” at /${c.slug}/ (${c.existing.status})`;
        return c.live ? (
          <Typography key={c.page_id} variant="body2" sx={{ my: 0.5, overflowWrap: 'anywhere' }}>
            {`${c.page_title}: the site's ${site} is public and stays as it is; this page is not sent.`}
          </Typography>
        ) : (
          <FormControlLabel
            key={c.page_id}
            sx={{ display: 'flex', overflowWrap: 'anywhere' }}
            control={
              <Checkbox
                checked={chosen.has(c.page_id)}
                onChange={(event) => onToggle(c.page_id, event.target.checked)}
              />
            }
            label={`${c.page_title}: update the site's ${site} instead of adding another page`}
          />
        );
      })}
    </Box>
  );
}
