import type { FallbackProviders, FallbackProvidersUpdateInput } from '@abp/contracts';

export interface FallbackRowValues {
  id: string;
  provider: string;
  model: string;
  base_url: string;
  /** Empty keeps the saved key (for the same provider and server). */
  api_key: string;
  has_api_key: boolean;
  concurrency: string;
}

export interface FallbackFormValues {
  fallbacks: FallbackRowValues[];
}

export function toFallbackFormValues(saved: FallbackProviders): FallbackFormValues {
  return {
    fallbacks: saved.fallbacks.map((entry) => ({
      id: entry.id,
      provider: entry.provider,
      model: entry.model,
      base_url: entry.base_url ?? '',
      api_key: '',
      has_api_key: entry.has_api_key,
      concurrency: String(entry.concurrency),
    })),
  };
}

export function toFallbackUpdateBody(values: FallbackFormValues): FallbackProvidersUpdateInput {
  return {
    fallbacks: values.fallbacks.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      provider: row.provider,
      model: row.model.trim(),
      base_url: row.base_url.trim() || null,
      ...(row.api_key.trim() ? { api_key: row.api_key.trim() } : {}),
      concurrency: row.concurrency.trim() === '' ? 4 : Number(row.concurrency),
    })),
  };
}

type FallbackField = `fallbacks.${number}.${'provider' | 'model' | 'base_url' | 'api_key' | 'concurrency'}`;

/** body.fallbacks.0.api_key → fallbacks.0.api_key */
export function fallbackFieldOf(path: string): FallbackField | null {
  const match = /^(?:body\.)?fallbacks\.(\d+)\.(provider|model|base_url|api_key|concurrency)$/.exec(path);
  return match ? (`fallbacks.${Number(match[1])}.${match[2]}` as FallbackField) : null;
}
