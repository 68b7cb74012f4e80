import type { LlmSettings, LlmSettingsUpdateInput } from '@abp/contracts';

export interface LlmFormValues {
  provider: LlmSettings['provider'];
  model: string;
  base_url: string;
  /** Write-only: blank keeps the stored key. */
  api_key: string;
  clear_api_key: boolean;
  timeout_ms: string;
  concurrency: string;
  stream: boolean;
}

export type LlmFormField = keyof LlmFormValues;

export function toFormValues(settings: LlmSettings): LlmFormValues {
  return {
    provider: settings.provider,
    model: settings.model,
    base_url: settings.base_url ?? '',
    api_key: '',
    clear_api_key: false,
    timeout_ms: String(settings.timeout_ms),
    concurrency: String(settings.concurrency),
    stream: settings.stream,
  };
}

// Blank → null (follow the environment); text that is not a number → NaN, which the schema refuses by name.
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The PUT body. A number or switch left as the environment gave it is sent as null, so it keeps
 * following the environment instead of being frozen into the saved settings.
 */
export function toUpdateBody(values: LlmFormValues, loaded: LlmSettings | undefined): LlmSettingsUpdateInput {
  const unchangedFromEnv = (field: 'timeout_ms' | 'concurrency' | 'stream', value: unknown) =>
    loaded !== undefined && loaded.sources[field] === 'environment' && loaded[field] === value;
  const timeout = numberOrNull(values.timeout_ms);
  const concurrency = numberOrNull(values.concurrency);
  return {
    provider: values.provider,
    model: values.model.trim(),
    base_url: values.base_url.trim() || null,
    ...(values.api_key.trim() ? { api_key: values.api_key.trim() } : {}),
    clear_api_key: values.clear_api_key,
    timeout_ms: unchangedFromEnv('timeout_ms', timeout) ? null : timeout,
    concurrency: unchangedFromEnv('concurrency', concurrency) ? null : concurrency,
    stream: unchangedFromEnv('stream', values.stream) ? null : values.stream,
  };
}

/** 'body.base_url' or 'base_url' from a 400's details → the form field. */
export function fieldOf(name: string): LlmFormField | null {
  const key = name.replace(/^body\./, '');
  const fields: LlmFormField[] = [
    'provider',
    'model',
    'base_url',
    'api_key',
    'clear_api_key',
    'timeout_ms',
    'concurrency',
    'stream',
  ];
  return (fields as string[]).includes(key) ? (key as LlmFormField) : null;
}
