import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useLlmSettings } from '../lib/llm-settings-query';

/**
 * Shown wherever content is generated (manual, bulk, scheduled, trend and SEO articles): says
 * plainly when the built-in offline writer (structured articles without a model) is in use, and
 * where to set a real provider.
 */
export function OfflineWriterNotice() {
  const { data } = useLlmSettings();
  if (!data?.offline) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      The built-in offline writer is in use: it writes structured, topic-specific articles without a language model. Set
      a real provider in{' '}
      <Link component={RouterLink} to="/settings">
        Settings
      </Link>{' '}
      for articles written by a model.
    </Alert>
  );
}
