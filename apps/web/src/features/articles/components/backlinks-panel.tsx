import type { BacklinkProposal } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { ExternalLink } from '../../../components/external-link';
import { isApiError } from '../../../lib/api-client';
import { type BacklinkAction, useBacklinkAction, useBacklinks, useProposeBacklinks } from '../api/backlinks';

const STATE_LABELS: Record<BacklinkProposal['state'], { label: string; color: 'default' | 'success' | 'info' }> = {
  proposed: { label: 'Proposed', color: 'info' },
  applied: { label: 'Link added', color: 'success' },
  dismissed: { label: 'Dismissed', color: 'default' },
  undone: { label: 'Undone', color: 'default' },
};

const DONE_MESSAGES: Record<BacklinkAction, (title: string) => string> = {
  apply: (title) => `Link added to "${title}" on WordPress`,
  undo: (title) => `"${title}" is back as it was`,
  dismiss: (title) => `Proposal for "${title}" dismissed`,
};

/** The paragraph as text, with the anchor words in bold (React escapes all of it). */
function Paragraph({ text, anchor }: { text: string; anchor: string }) {
  const at = text.toLowerCase().indexOf(anchor.toLowerCase());
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Box component="strong" sx={{ bgcolor: 'action.selected', px: 0.25 }}>
        {text.slice(at, at + anchor.length)}
      </Box>
      {text.slice(at + anchor.length)}
    </>
  );
}

/**
 * Links from the site's older posts to this article: found after it went live (or on "Find
 * links"), each added to WordPress only when the operator says so, and undoable.
 */
/** Links are found only for a live post: WordPress' older posts can link only to a public address (issue #37). */
export const FIND_LINKS_WHEN_LIVE = 'Links from older posts can be proposed once this article is live on its site.';

export function BacklinksPanel({ articleId, live }: { articleId: number; live: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const query = useBacklinks(articleId);
  const propose = useProposeBacklinks(articleId);
  const act = useBacklinkAction(articleId);
  const fail = (error: unknown, fallback: string) =>
    enqueueSnackbar(isApiError(error) && error.message ? error.message : fallback, { variant: 'error' });

  const run = async (proposal: BacklinkProposal, action: BacklinkAction) => {
    try {
      await act.mutateAsync({ id: proposal.id, action });
      enqueueSnackbar(DONE_MESSAGES[action](proposal.source_title), { variant: 'success' });
    } catch (error) {
      fail(error, 'Failed to change the link');
    }
  };
  const find = async () => {
    try {
      const list = await propose.mutateAsync();
      const open = list.items.filter((p) => p.state === 'proposed').length;
      enqueueSnackbar(list.note ?? `${open} ${open === 1 ? 'link' : 'links'} proposed`, {
        variant: list.note ? 'info' : 'success',
      });
    } catch (error) {
      fail(error, 'Failed to look for links');
    }
  };

  const items = query.data?.items ?? [];
  return (
    <Box component="section" aria-labelledby={`backlinks-${articleId}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography
          id={`backlinks-${articleId}`}
          variant="subtitle1"
          component="h3"
          fontWeight={700}
          sx={{ mr: 'auto' }}
        >
          Links from older posts
        </Typography>
        {live && (
          <Button size="small" variant="outlined" onClick={() => void find()} disabled={propose.isPending}>
            {propose.isPending ? 'Looking…' : 'Find links'}
          </Button>
        )}
      </Box>
      {query.isPending && <CircularProgress size={20} aria-label="Loading link proposals" />}
      {query.isError && <Alert severity="error">Failed to load link proposals</Alert>}
      {query.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {live
            ? (query.data.note ??
              'No links proposed yet: "Find links" searches the site\'s older posts for words of this article.')
            : FIND_LINKS_WHEN_LIVE}
        </Typography>
      )}
      {items.length > 0 && (
        <Box component="ul" aria-label="Proposed links" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {items.map((proposal) => (
            <Box component="li" key={proposal.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                {/* The inventory keeps no link for a post whose address was unsafe: its title alone then. */}
                <Box component="span" sx={{ fontWeight: 600, mr: 'auto', overflowWrap: 'anywhere' }}>
                  <ExternalLink href={proposal.source_link}>{proposal.source_title}</ExternalLink>
                </Box>
                <Chip
                  size="small"
                  label={STATE_LABELS[proposal.state].label}
                  color={STATE_LABELS[proposal.state].color}
                />
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ my: 0.75, overflowWrap: 'anywhere' }}>
                Paragraph {proposal.paragraph_index + 1}: “
                <Paragraph text={proposal.paragraph_text} anchor={proposal.anchor} />”
              </Typography>
              <Box sx={{ display: 'flex', gap: 1 }}>
                {(proposal.state === 'proposed' || proposal.state === 'undone') && (
                  <Button
                    size="small"
                    variant="contained"
                    onClick={() => void run(proposal, 'apply')}
                    disabled={act.isPending}
                  >
                    Add link
                  </Button>
                )}
                {proposal.state === 'proposed' && (
                  <Button size="small" onClick={() => void run(proposal, 'dismiss')} disabled={act.isPending}>
                    Dismiss
                  </Button>
                )}
                {proposal.state === 'applied' && (
                  <Button
                    size="small"
                    color="warning"
                    onClick={() => void run(proposal, 'undo')}
                    disabled={act.isPending}
                  >
                    Undo
                  </Button>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
