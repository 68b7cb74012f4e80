import { type McpTokenList, mcpTokenListSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/* Settings → Assistants (MCP): GET /api/settings/mcp-tokens (the tokens, never their secrets, and the endpoint). */

export const mcpTokensQueryKey = ['settings', 'mcp-tokens'] as const;

export function getMcpTokens(signal?: AbortSignal): Promise<McpTokenList> {
  return api.get('/api/settings/mcp-tokens', { signal, schema: mcpTokenListSchema });
}

export const mcpTokensQueryOptions = () =>
  queryOptions({ queryKey: mcpTokensQueryKey, queryFn: ({ signal }) => getMcpTokens(signal) });

export function useMcpTokens() {
  return useQuery(mcpTokensQueryOptions());
}
