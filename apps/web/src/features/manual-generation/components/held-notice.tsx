import type { ManualHeld } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { ExternalLink } from '../../../components/external-link';

/**
 * The publish was held back by the quality gate (issue #31): the article is saved as a draft and
 * nothing went to WordPress. Says why and links the post already there (only a web address is a link).
 */
export function HeldNotice({ held, sx }: { held: ManualHeld; sx?: object }) {
  const post = held.existing_post;
  return (
    <Alert severity="warning" sx={sx} role="alert">
      <AlertTitle>Held back, not published</AlertTitle>
      <Typography variant="body2">Saved as a draft; nothing was sent to WordPress. {held.reason}</Typography>
      {post && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Already {post.site_name ? `on ${post.site_name}` : 'on the site'}:{' '}
          <ExternalLink href={post.link}>{post.title}</ExternalLink>
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        If you want it published all the same, publish it from Articles (it asks first).
      </Typography>
    </Alert>
  );
}
