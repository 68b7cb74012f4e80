import type { LlmProviderId, ModelPrice, ModelPriceInput } from '@abp/contracts';

/**
 * Prices the app starts with, in USD per million input/output tokens, as the providers published
 * them (late 2026). The operator corrects or adds prices in Settings; a local server
 * (openai-compatible) and the offline writer cost nothing unless a price is set for them.
 */
export const DEFAULT_MODEL_PRICES: readonly ModelPriceInput[] = [
  { provider: 'openai', model: 'gpt-4o-mini', input_per_million: 0.15, output_per_million: 0.6 },
  { provider: 'openai', model: 'gpt-4o', input_per_million: 2.5, output_per_million: 10 },
  { provider: 'openai', model: 'gpt-4.1', input_per_million: 2, output_per_million: 8 },
  { provider: 'openai', model: 'gpt-4.1-mini', input_per_million: 0.4, output_per_million: 1.6 },
  { provider: 'openai', model: 'gpt-4.1-nano', input_per_million: 0.1, output_per_million: 0.4 },
  { provider: 'openai', model: 'gpt-5', input_per_million: 1.25, output_per_million: 10 },
  { provider: 'openai', model: 'gpt-5-mini', input_per_million: 0.25, output_per_million: 2 },
  { provider: 'openai', model: 'gpt-5-nano', input_per_million: 0.05, output_per_million: 0.4 },
  { provider: 'openai', model: 'o4-mini', input_per_million: 1.1, output_per_million: 4.4 },
  { provider: 'anthropic', model: 'claude-3-5-haiku', input_per_million: 0.8, output_per_million: 4 },
  { provider: 'anthropic', model: 'claude-haiku-4-5', input_per_million: 1, output_per_million: 5 },
  { provider: 'anthropic', model: 'claude-3-5-sonnet', input_per_million: 3, output_per_million: 15 },
  { provider: 'anthropic', model: 'claude-3-7-sonnet', input_per_million: 3, output_per_million: 15 },
  { provider: 'anthropic', model: 'claude-sonnet-4', input_per_million: 3, output_per_million: 15 },
  { provider: 'anthropic', model: 'claude-opus-4', input_per_million: 15, output_per_million: 75 },
  { provider: 'google', model: 'gemini-2.0-flash', input_per_million: 0.1, output_per_million: 0.4 },
  { provider: 'google', model: 'gemini-2.5-flash', input_per_million: 0.3, output_per_million: 2.5 },
  { provider: 'google', model: 'gemini-2.5-pro', input_per_million: 1.25, output_per_million: 10 },
  { provider: 'google', model: 'gemini-1.5-flash', input_per_million: 0.075, output_per_million: 0.3 },
  { provider: 'google', model: 'gemini-1.5-pro', input_per_million: 1.25, output_per_million: 5 },
];

const keyOf = (price: { provider: string; model: string }) => `${price.provider}\u0000${price.model.toLowerCase()}`;

/** The table in force: the defaults with the operator's prices over them, custom ones first. */
export function priceTable(custom: readonly ModelPriceInput[]): ModelPrice[] {
  const saved = new Set(custom.map(keyOf));
  return [
    ...custom.map((price) => ({ ...price, source: 'custom' as const })),
    ...DEFAULT_MODEL_PRICES.filter((price) => !saved.has(keyOf(price))).map((price) => ({
      ...price,
      source: 'default' as const,
    })),
  ];
}

/**
 * The price of a model: its own entry, else the longest entry it starts with followed by "-"
 * ("claude-3-5-haiku-latest" → "claude-3-5-haiku", "gpt-4o-mini-2024-07-18" → "gpt-4o-mini", not
 * "gpt-4o"). Null when none fits.
 */
export function priceFor(
  table: readonly ModelPrice[],
  provider: LlmProviderId | string,
  model: string,
): ModelPrice | null {
  const name = model.toLowerCase();
  let best: ModelPrice | null = null;
  for (const price of table) {
    if (price.provider !== provider) continue;
    const entry = price.model.toLowerCase();
    const fits = name === entry || name.startsWith(`${entry}-`);
    if (
      fits &&
      (!best || entry.length > best.model.length || (entry.length === best.model.length && price.source === 'custom'))
    )
      best = price;
  }
  return best;
}

/** A call's cost in nano-dollars: tokens × USD per million = tokens × price × 1000 nano-dollars. */
export function costNanos(
  price: Pick<ModelPrice, 'input_per_million' | 'output_per_million'> | null,
  inputTokens: number,
  outputTokens: number,
): number {
  if (!price) return 0;
  // Prices have at most 3 decimals (the contract's rule), so each factor is an exact integer.
  return (
    inputTokens * Math.round(price.input_per_million * 1000) +
    outputTokens * Math.round(price.output_per_million * 1000)
  );
}
