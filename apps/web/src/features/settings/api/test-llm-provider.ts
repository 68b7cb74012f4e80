import { type LlmProbeResult, type LlmSettingsUpdateInput, llmProbeResultSchema } from '@abp/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** "Test provider" with the form's values, saved or not. */
export function testLlmProvider(body: LlmSettingsUpdateInput): Promise<LlmProbeResult> {
  return api.post('/api/settings/llm/test', body, { schema: llmProbeResultSchema });
}

export function useTestLlmProvider() {
  return useMutation({ mutationFn: testLlmProvider });
}
