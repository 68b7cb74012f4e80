import { type LlmSettings, type LlmSettingsUpdateInput, llmSettingsSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { llmSettingsQueryKey } from '../../../lib/llm-settings-query';
import { refreshAfterLlmChange } from './refresh-after-save';

export function saveLlmSettings(body: LlmSettingsUpdateInput): Promise<LlmSettings> {
  return api.put('/api/settings/llm', body, { schema: llmSettingsSchema });
}

export function useSaveLlmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLlmSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(llmSettingsQueryKey, saved);
      void refreshAfterLlmChange(queryClient);
    },
  });
}
