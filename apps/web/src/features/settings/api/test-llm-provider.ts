import { useMutation } from '@tanstack/react-query';
import { llmProbeResultSchema, type LlmProbeResult, type LlmSettingsUpdateInput } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** "Test provider" with the form's values, saved or not. */
export function testLlmProvider(body: LlmSettingsUpdateInput): Promise<LlmProbeResult> {
  return api.post('/api/settings/llm/test', body, { schema: llmProbeResultSchema });
}

export function useTestLlmProvider() {
  return useMutation({ mutationFn: testLlmProvider });
}
