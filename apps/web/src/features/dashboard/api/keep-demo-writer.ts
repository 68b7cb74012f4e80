import { type LlmSettings, llmSettingsSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The checklist's "Keep the demo writer": saves the language model section with the built-in
 * offline writer (PUT /api/settings/llm), the choice the operator would make in Settings.
 */
export function keepDemoWriter(): Promise<LlmSettings> {
  return api.put('/api/settings/llm', { provider: 'offline' }, { schema: llmSettingsSchema });
}

export function useKeepDemoWriter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepDemoWriter,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['settings'] }),
      ]),
  });
}
