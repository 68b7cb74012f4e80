import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useLlmSettings } from '../lib/llm-settings-query';

interface Props {
  /** The setting at hand publishes live (a configuration's 'Published', scheduled trend checks, …). */
  live: boolean;
  /** What goes live, as the sentence's subject: "This site's scheduled and trend articles". */
  what: string;
}

/**
 * Issue #18 item 3: the offline writer's text is a demonstration. Where a setting would send it
 * live, this says so before (and after) it is saved; nothing is blocked.
 */
export function DemoLiveWarning({ live, what }: Props) {
  const { data } = useLlmSettings();
  if (!live || !data?.offline) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {`${what} go live as demonstration text: the offline writer is the provider and no model writes them. Readers would leave and search engines would call it thin content. Set a real provider in `}
      <Link component={RouterLink} to="/settings">
        Settings
      </Link>
      , or publish as drafts.
    </Alert>
  );
}
