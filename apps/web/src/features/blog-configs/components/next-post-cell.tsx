import Typography from '@mui/material/Typography';
import type { BlogConfig } from '@abp/contracts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When the next article is due (or why none is), how many went out today, and the last failure. */
export function NextPostCell({ config, now = new Date() }: { config: BlogConfig; now?: Date }) {
  const capReached = config.posts_today >= config.max_posts_per_day;
  let when: string;
  if (!config.is_active) when = 'Paused';
  else if (!config.site_is_active) when = 'Paused (site inactive)';
  else if (!config.next_post_at) when = 'Not scheduled';
  else if (capReached) when = 'Tomorrow (daily limit reached)';
  else if (Date.parse(config.next_post_at) <= now.getTime()) when = 'Due now';
  else when = dateTime.format(new Date(config.next_post_at));
  return (
    <>
      <Typography variant="body2">{when}</Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {config.posts_today} of {config.max_posts_per_day} posted today
      </Typography>
      {config.last_error && (
        <Typography variant="caption" color="error" component="div" title={config.last_error} sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          Last post failed: {config.last_error}
        </Typography>
      )}
      {config.last_note && (
        <Typography variant="caption" color="text.secondary" component="div" title={config.last_note} sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {config.last_note}
        </Typography>
      )}
    </>
  );
}
