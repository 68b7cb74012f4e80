import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTrendSettings } from '../api/trend-settings';
import { TrendSettingsForm } from './trend-settings-form';

/** Settings → Trends: the feeds the trend monitor reads, the default feed's country, and how often it checks. */
export function TrendSettingsSection() {
  const query = useTrendSettings();
  return (
    <Card variant="outlined" component="section" aria-labelledby="trend-settings-heading">
      <CardContent>
        <Typography id="trend-settings-heading" variant="h6" component="h2">
          Trends
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          What the trend monitor reads and how often. Values saved here override the TREND_* environment variables; empty fields use them.
        </Typography>
        {query.isPending && <CircularProgress size={24} aria-label="Loading trend settings" />}
        {query.isError && (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
            Failed to load settings
          </Alert>
        )}
        {query.data && <TrendSettingsForm key={query.data.saved_at ?? 'environment'} settings={query.data} />}
      </CardContent>
    </Card>
  );
}
