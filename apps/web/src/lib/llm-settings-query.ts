import { type LlmSettings, llmSettingsSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/*
 * The language model settings, shared: the Settings screen edits them and every screen that
 * generates content reads them to say when the offline writer is in use.
 */
export const llmSettingsQueryKey = ['settings', 'llm'] as const;

export function getLlmSettings(signal?: AbortSignal): Promise<LlmSettings> {
  return api.get('/api/settings/llm', { signal, schema: llmSettingsSchema });
}

export function llmSettingsQueryOptions() {
  return queryOptions({ queryKey: llmSettingsQueryKey, queryFn: ({ signal }) => getLlmSettings(signal) });
}

export function useLlmSettings() {
  return useQuery(llmSettingsQueryOptions());
}
