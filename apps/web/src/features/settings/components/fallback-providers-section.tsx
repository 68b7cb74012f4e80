import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useFallbacks } from '../api/provider-chain';
import { FallbackProvidersForm } from './fallback-providers-form';
import { ProviderHealthList } from './provider-health-list';

/** Settings → Fallback providers: where a call goes when the main provider cannot answer, and how each is doing (issue #16). */
export function FallbackProvidersSection() {
  const query = useFallbacks();
  return (
    <Card variant="outlined" component="section" aria-labelledby="fallbacks-heading">
      <CardContent>
        <Typography id="fallbacks-heading" variant="h6" component="h2">
          Fallback providers
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          When the language model above rate-limits, runs out of quota, refuses its key, fails, times out or filters an answer, the call goes to the next provider in this list. A provider that keeps failing is skipped for a while (what it asked for, else from 30 seconds up to 10 minutes), then tried again.
        </Typography>
        <ProviderHealthList />
        {query.isPending && <CircularProgress size={24} aria-label="Loading fallback providers" />}
        {query.isError && (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
            Failed to load fallback providers
          </Alert>
        )}
        {query.data && <FallbackProvidersForm key={JSON.stringify(query.data)} saved={query.data} />}
      </CardContent>
    </Card>
  );
}
