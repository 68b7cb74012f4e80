import { mcpTokenRevokedSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mcpTokensQueryKey } from './mcp-tokens';

/* DELETE /api/settings/mcp-tokens/{id}: an assistant using the token is refused from then on. */

export function revokeMcpToken(id: number): Promise<{ revoked: true }> {
  return api.delete(`/api/settings/mcp-tokens/${id}`, { schema: mcpTokenRevokedSchema });
}

export function useRevokeMcpToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeMcpToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcpTokensQueryKey, exact: true }),
  });
}
