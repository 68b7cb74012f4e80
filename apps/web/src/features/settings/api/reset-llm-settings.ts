import { type LlmSettings, llmSettingsSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { llmSettingsQueryKey } from '../../../lib/llm-settings-query';
import { refreshAfterLlmChange } from './refresh-after-save';

/** Forgets the values saved in the app; the LLM_* environment applies again. */
export function resetLlmSettings(): Promise<LlmSettings> {
  return api.delete('/api/settings/llm', { schema: llmSettingsSchema });
}

export function useResetLlmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetLlmSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(llmSettingsQueryKey, settings);
      void refreshAfterLlmChange(queryClient);
    },
  });
}
