import { z } from 'zod';

/** What some model calls used: tokens, their cost in USD, whether any count was estimated. */
export const usageTotalsSchema = z.object({
  calls: z.number().int().nonnegative(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cost_usd: z.number().nonnegative(),
  /** Some calls' servers gave no token counts: they were estimated from the text's length. */
  estimated: z.boolean(),
});
export type UsageTotals = z.infer<typeof usageTotalsSchema>;
