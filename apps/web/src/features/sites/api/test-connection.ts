import { type ConnectionTestResult, connectionTestResultSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { siteKeys } from '../../../lib/resources/sites';

export function testConnection({ id, enhanced }: { id: number; enhanced: boolean }): Promise<ConnectionTestResult> {
  return api.post(`/api/sites/${id}/test-connection`, undefined, {
    query: enhanced ? { enhanced: true } : {},
    schema: connectionTestResultSchema,
  });
}

export function useTestConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testConnection,
    // The test stores the REST root it found.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}
