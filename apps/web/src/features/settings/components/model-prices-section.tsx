import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ModelPrices } from '@abp/contracts';
import { useModelPrices } from '../api/model-prices';
import { formatPerMillion } from '../lib/price-form';
import { ModelPricesForm } from './model-prices-form';
import { DefaultPricesTable } from './default-prices-table';

/** What the calls of the model in use are charged at, or why they count as nothing. */
function ChargedNow({ current }: { current: ModelPrices['current'] }) {
  if (current.provider === 'offline') return <Alert severity="info">The offline writer is in use: it calls no model and costs nothing.</Alert>;
  if (!current.price) {
    return (
      <Alert severity="warning">
        {`No price is known for ${current.provider}/${current.model}: its calls are counted at $0. Add its price below to see what articles cost (a local server may well cost nothing).`}
      </Alert>
    );
  }
  return (
    <Typography variant="body2">
      {`Charged now: ${current.provider}/${current.model} at ${formatPerMillion(current.price.input_per_million)} per million input tokens and ${formatPerMillion(current.price.output_per_million)} per million output tokens (${current.price.source === 'custom' ? 'your price' : `built-in price for ${current.price.model}`}).`}
    </Typography>
  );
}

/** Settings → Model prices: the price table every model call is charged at (issue #16). */
export function ModelPricesSection() {
  const query = useModelPrices();
  return (
    <Card variant="outlined" component="section" aria-labelledby="model-prices-heading">
      <CardContent>
        <Typography id="model-prices-heading" variant="h6" component="h2">
          Model prices
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          USD per million tokens. Each model call is priced when it ends; changing a price here does not change what was already spent.
        </Typography>
        {query.isPending && <CircularProgress size={24} aria-label="Loading model prices" />}
        {query.isError && (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
            Failed to load model prices
          </Alert>
        )}
        {query.data && (
          <>
            <ChargedNow current={query.data.current} />
            <ModelPricesForm key={JSON.stringify(query.data.prices.filter((price) => price.source === 'custom'))} prices={query.data} />
            <DefaultPricesTable prices={query.data.prices.filter((price) => price.source === 'default')} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
