import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useLlmSettings } from '../../../lib/llm-settings-query';
import { LlmSettingsForm } from './llm-settings-form';

/** Settings → Language model: which provider writes the articles. */
export function LlmSettingsSection() {
  const query = useLlmSettings();
  return (
    <Card variant="outlined" component="section" aria-labelledby="llm-settings-heading">
      <CardContent>
        <Typography id="llm-settings-heading" variant="h6" component="h2">
          Language model
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The provider that writes every article. Values saved here override the LLM_* environment variables.
        </Typography>
        {query.isPending && <CircularProgress size={24} aria-label="Loading settings" />}
        {query.isError && (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
            Failed to load settings
          </Alert>
        )}
        {/* Keyed by the save time: a save or reset starts the form again from the stored values. */}
        {query.data && <LlmSettingsForm key={query.data.saved_at ?? 'environment'} settings={query.data} />}
      </CardContent>
    </Card>
  );
}
