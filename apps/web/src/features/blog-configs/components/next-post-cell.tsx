import type { BlogConfig } from '@abp/contracts';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/dates';

/** When the next article is due (or why none is), how many went out today, and the last failure. */
export function NextPostCell({ config, now = new Date() }: { config: BlogConfig; now?: Date }) {
  const capReached = config.posts_today >= config.max_posts_per_day;
  // A reached budget holds a schedule that would otherwise post (issue #31): say so, since when, and how it goes on.
  const budgetPause = config.is_active && config.site_is_active ? config.budget_pause : null;
  let when: string;
  if (!config.is_active) when = 'Paused';
  else if (!config.site_is_active) when = 'Paused (site inactive)';
  else if (budgetPause) when = `Paused by budget since ${formatDateTime(budgetPause.since)}`;
  else if (!config.next_post_at) when = 'Not scheduled';
  else if (capReached) when = 'Tomorrow (daily limit reached)';
  else if (Date.parse(config.next_post_at) <= now.getTime()) when = 'Due now';
  else when = formatDateTime(config.next_post_at);
  return (
    <>
      <Typography variant="body2">{when}</Typography>
      {budgetPause && (
        <Typography variant="caption" color="error" component="div" sx={{ maxWidth: 260 }}>
          {budgetPause.message} Otherwise it goes on by itself on {formatDate(budgetPause.resumes_at)}.{' '}
          <Link component={RouterLink} to="/settings#budgets">
            Budgets in Settings
          </Link>
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="div">
        {config.posts_today} of {config.max_posts_per_day} posted today
      </Typography>
      {config.last_error && (
        <Typography
          variant="caption"
          color="error"
          component="div"
          title={config.last_error}
          sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          Last post failed: {config.last_error}
        </Typography>
      )}
      {config.last_note && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          title={config.last_note}
          sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {config.last_note}
        </Typography>
      )}
    </>
  );
}
