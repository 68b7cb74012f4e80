import type { LlmProviderId, ModelPrices, ModelPricesUpdate } from '@abp/contracts';

/** One editable price: inputs hold text, the request numbers. */
export interface PriceRowValues {
  provider: LlmProviderId;
  model: string;
  input_per_million: string;
  output_per_million: string;
}

export interface PriceFormValues {
  prices: PriceRowValues[];
}

/** The operator's own prices are the form; the defaults are listed beside it. */
export function toPriceFormValues(prices: ModelPrices): PriceFormValues {
  return {
    prices: prices.prices
      .filter((price) => price.source === 'custom')
      .map((price) => ({
        provider: price.provider,
        model: price.model,
        input_per_million: String(price.input_per_million),
        output_per_million: String(price.output_per_million),
      })),
  };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function toPriceUpdateBody(values: PriceFormValues): ModelPricesUpdate {
  return {
    prices: values.prices.map((row) => ({
      provider: row.provider,
      model: row.model.trim(),
      input_per_million: toNumber(row.input_per_million),
      output_per_million: toNumber(row.output_per_million),
    })),
  };
}

type PriceField = `prices.${number}.${'provider' | 'model' | 'input_per_million' | 'output_per_million'}`;

/** body.prices.2.input_per_million → prices.2.input_per_million */
export function priceFieldOf(path: string): PriceField | null {
  const match = /^(?:body\.)?prices\.(\d+)\.(provider|model|input_per_million|output_per_million)$/.exec(path);
  return match ? (`prices.${Number(match[1])}.${match[2]}` as PriceField) : null;
}

/** "$0.15" per million tokens; small prices keep their decimals. */
export function formatPerMillion(usd: number): string {
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 })}`;
}
