import { type HealthRating, healthRating } from '@abp/contracts';

export const HEALTH_LABELS: Record<HealthRating, string> = { excellent: 'Excellent', fair: 'Fair', poor: 'Poor' };
export const HEALTH_COLORS: Record<HealthRating, 'success' | 'warning' | 'error'> = {
  excellent: 'success',
  fair: 'warning',
  poor: 'error',
};

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * Spec §3 Site health: the first number found among success_rate (0–1), success_percent
 * (0–100), health.score (0–100) and health.successRate (0–1), as 0–1; null when there is none.
 */
export function healthValue(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as { success_rate?: unknown; success_percent?: unknown; health?: unknown };
  if (isNumber(d.success_rate)) return clamp01(d.success_rate);
  if (isNumber(d.success_percent)) return clamp01(d.success_percent / 100);
  const h = (typeof d.health === 'object' && d.health !== null ? d.health : {}) as {
    score?: unknown;
    successRate?: unknown;
  };
  if (isNumber(h.score)) return clamp01(h.score / 100);
  if (isNumber(h.successRate)) return clamp01(h.successRate);
  return null;
}

export const healthPercent = (value: number) => Math.round(value * 100);

/** 'Site health: Excellent (95%)' — the spec's toast text. */
export function healthToastText(value: number | null): string {
  if (value === null) return 'Site health: unavailable';
  return `Site health: ${HEALTH_LABELS[healthRating(value)]} (${healthPercent(value)}%)`;
}

export interface HealthResult {
  name: string;
  /** 0–1, null when the answer carried no figure; undefined when the check failed. */
  value: number | null | undefined;
}

const SEVERITY = { success: 0, warning: 1, error: 2 } as const;
type Variant = keyof typeof SEVERITY;
const NAMED_AT_MOST = 5;

/**
 * One toast for one Refresh Health: the spec's per-site text when one site was checked; for several
 * a count by rating, coloured by the worst, naming the sites that are not excellent.
 */
export function healthSummary(results: readonly HealthResult[]): { text: string; variant: Variant } | null {
  if (results.length === 0) return null;
  const ratingOf = (r: HealthResult) =>
    r.value === undefined ? 'failed' : r.value === null ? 'unavailable' : healthRating(r.value);
  const variantOf = (rating: string): Variant =>
    rating === 'excellent' ? 'success' : rating === 'fair' ? 'warning' : 'error';
  const worst = results
    .map((r) => variantOf(ratingOf(r)))
    .reduce((a, b) => (SEVERITY[b] > SEVERITY[a] ? b : a), 'success');
  if (results.length === 1) {
    const [only] = results;
    return { text: only!.value === undefined ? 'Health check failed' : healthToastText(only!.value), variant: worst };
  }
  const order = ['excellent', 'fair', 'poor', 'unavailable', 'failed'];
  const counts = order
    .map((rating) => [rating, results.filter((r) => ratingOf(r) === rating).length] as const)
    .filter(([, n]) => n > 0)
    .map(([rating, n]) => `${n} ${rating}`);
  const weak = results.filter((r) => ratingOf(r) !== 'excellent').map((r) => r.name);
  const named =
    weak.length > NAMED_AT_MOST
      ? `${weak.slice(0, NAMED_AT_MOST).join(', ')} and ${weak.length - NAMED_AT_MOST} more`
      : weak.join(', ');
  return {
    text: `${results.length} sites checked: ${counts.join(', ')}${weak.length ? ` — not excellent: ${named}` : ''}`,
    variant: worst,
  };
}
