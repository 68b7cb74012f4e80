import type { MODEL_CALL_SOURCES } from '../../db/schema/index.js';

export type ModelCallSource = (typeof MODEL_CALL_SOURCES)[number];

/** What the ledger stores for one model call. */
export interface ModelCallRecord {
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  tokensEstimated: boolean;
  costNanos: number;
  durationMs: number;
  outcome: string;
  error: string | null;
  source: ModelCallSource;
  jobRef: string | null;
  step: string | null;
  siteId: number | null;
}

/** Nano-dollars (10⁻⁹ USD, the ledger's unit) to dollars, for the API. */
export const nanosToUsd = (nanos: number): number => Math.round(nanos) / 1e9;
