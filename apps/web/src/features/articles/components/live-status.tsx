import type { ArticleSummary, LiveCheck } from '@abp/contracts';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useCheckLive } from '../api/check-live';

const LABELS: Record<LiveCheck['state'], { label: string; color: 'success' | 'error' | 'info' | 'default' }> = {
  live: { label: 'Live ✓', color: 'success' },
  not_live: { label: 'Not live', color: 'error' },
  scheduled: { label: 'Scheduled', color: 'info' },
  not_public: { label: 'Not public', color: 'default' },
};

function explanation(check: LiveCheck): string {
  const when = formatDateTime(check.checked_at);
  if (check.state === 'not_live') return `Not live: ${check.reason ?? 'unknown reason'} (checked ${when})`;
  if (check.state === 'scheduled') return `Scheduled on WordPress; checked again after its time (checked ${when})`;
  if (check.state === 'not_public') return `A draft, pending or private post on WordPress (checked ${when})`;
  return check.reason
    ? `Live: ${check.reason} (checked ${when})`
    : `Live: read back and its page shows it (checked ${when})`;
}

/** Whether the article's post was proven live on WordPress, with "Check again" once it has a post. */
export function LiveStatus({
  article,
  hideWithoutPost = false,
}: {
  article: Pick<ArticleSummary, 'id' | 'title' | 'live_check' | 'wordpress_post_id'>;
  hideWithoutPost?: boolean;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const { mutateAsync, isPending } = useCheckLive();
  const check = article.live_check;
  const recheck = async () => {
    try {
      const result = await mutateAsync(article.id);
      enqueueSnackbar(
        result.state === 'not_live'
          ? `Not live: ${result.reason ?? 'unknown reason'}`
          : `${LABELS[result.state].label.replace(' ✓', '')}: checked just now`,
        {
          variant: result.state === 'not_live' ? 'warning' : 'success',
        },
      );
    } catch (error) {
      enqueueSnackbar(isApiError(error) && error.message ? error.message : 'The check failed', { variant: 'error' });
    }
  };
  if (article.wordpress_post_id === null) return hideWithoutPost ? null : <>—</>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {check ? (
        <Tooltip title={explanation(check)}>
          <Chip
            size="small"
            label={LABELS[check.state].label}
            color={LABELS[check.state].color}
            aria-description={explanation(check)}
          />
        </Tooltip>
      ) : (
        <Chip size="small" variant="outlined" label="Not checked" />
      )}
      <Tooltip title="Check again">
        <span>
          <IconButton size="small" aria-label="Check live status" onClick={() => void recheck()} disabled={isPending}>
            <RefreshIcon fontSize="inherit" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
