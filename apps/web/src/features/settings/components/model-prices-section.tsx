import type { ModelPrices } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useModelPrices } from '../api/model-prices';
import { formatPerMillion } from '../lib/price-form';
import { DefaultPricesTable } from './default-prices-table';
import { ModelPricesForm } from './model-prices-form';
import { SettingsCard } from './settings-card';

/** What the calls of the model in use are charged at, or why they count as nothing. */
function ChargedNow({ current }: { current: ModelPrices['current'] }) {
  if (current.provider === 'offline')
    return <Alert severity="info">The offline writer is in use: it calls no model and costs nothing.</Alert>;
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
  return (
    <SettingsCard
      id="model-prices"
      title="Model prices"
      description="USD per million tokens. Each model call is priced when it ends; changing a price here does not change what was already spent."
      query={useModelPrices()}
      loadingLabel="Loading model prices"
      errorText="Failed to load model prices"
    >
      {(prices) => (
        <>
          <ChargedNow current={prices.current} />
          <ModelPricesForm
            key={JSON.stringify(prices.prices.filter((price) => price.source === 'custom'))}
            prices={prices}
          />
          <DefaultPricesTable prices={prices.prices.filter((price) => price.source === 'default')} />
        </>
      )}
    </SettingsCard>
  );
}
