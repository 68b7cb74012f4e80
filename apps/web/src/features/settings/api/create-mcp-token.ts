import { type McpTokenCreate, type McpTokenCreated, mcpTokenCreatedSchema } from '@abp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mcpTokensQueryKey } from './mcp-tokens';

/* POST /api/settings/mcp-tokens: the answer carries the token's secret, this once. */

export function createMcpToken(body: McpTokenCreate): Promise<McpTokenCreated> {
  return api.post('/api/settings/mcp-tokens', body, { schema: mcpTokenCreatedSchema });
}

/**
 * The token just created, kept in the query cache rather than in the section's state: the Settings
 * page lays its sections out anew when the window crosses the wide breakpoint, and the secret,
 * which cannot be shown again, must survive that. A reload forgets it.
 */
const createdMcpTokenQueryKey = ['settings', 'mcp-tokens', 'created'] as const;

export function useCreatedMcpToken() {
  const queryClient = useQueryClient();
  const query = useQuery<McpTokenCreated | null>({
    queryKey: createdMcpTokenQueryKey,
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return {
    created: query.data ?? null,
    forget: () => queryClient.setQueryData(createdMcpTokenQueryKey, null),
  };
}

export function useCreateMcpToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMcpToken,
    onSuccess: (created) => {
      queryClient.setQueryData(createdMcpTokenQueryKey, created);
      return queryClient.invalidateQueries({ queryKey: mcpTokensQueryKey, exact: true });
    },
  });
}
