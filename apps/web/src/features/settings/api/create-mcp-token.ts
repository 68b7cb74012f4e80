import { type McpTokenCreate, type McpTokenCreated, mcpTokenCreatedSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mcpTokensQueryKey } from './mcp-tokens';

/* POST /api/settings/mcp-tokens: the answer carries the token's secret, this once. */

export function createMcpToken(body: McpTokenCreate): Promise<McpTokenCreated> {
  return api.post('/api/settings/mcp-tokens', body, { schema: mcpTokenCreatedSchema });
}

export function useCreateMcpToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMcpToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcpTokensQueryKey }),
  });
}
