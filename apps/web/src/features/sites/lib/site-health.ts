import { healthRating, type HealthRating } from '@abp/contracts';

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
  const h = (typeof d.health === 'object' && d.health !== null ? d.health : {}) as { score?: unknown; successRate?: unknown };
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
