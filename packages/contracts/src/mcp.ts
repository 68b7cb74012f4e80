import { z } from 'zod';

/*
 * The MCP server (issue #33 section 6, "Agents propose, people approve"): an AI assistant connects
 * with a token made in Settings → Assistants (MCP) and may list sites, search what a site already
 * has, read costs, draft articles and queue its own for review. Nothing it can do publishes,
 * approves, deletes or changes settings.
 */

/** The tools the MCP server offers, and only these (a test holds the list). */
export const MCP_TOOL_NAMES = [
  'list_sites',
  'search_site_content',
  'get_costs',
  'draft_article',
  'queue_for_review',
] as const;
export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

export const MCP_LIMITS = {
  /** Tokens the operator may hold at once. */
  tokens: 50,
  tokenName: 80,
  /** Results of one search. */
  searchResults: 25,
  searchQuery: 500,
  topic: 500,
  title: 300,
  /** An article the assistant wrote itself, in characters of HTML. */
  contentChars: 200_000,
  /** The largest MCP request body the listener reads (the content and the JSON-RPC around it). */
  requestBytes: 1_048_576,
  wordCount: { min: 500, max: 5000, default: 1500 },
} as const;

/** The secret's prefix, so a leaked token is recognisable (secret scanners, logs). */
export const MCP_TOKEN_PREFIX = 'abp_mcp_';

/** POST /api/settings/mcp-tokens */
export const mcpTokenCreateSchema = z.object({
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(MCP_LIMITS.tokenName, `must be at most ${MCP_LIMITS.tokenName} characters`),
});
export type McpTokenCreate = z.infer<typeof mcpTokenCreateSchema>;

/** A token as listed: never its secret (only its hash is stored). */
export const mcpTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type McpToken = z.infer<typeof mcpTokenSchema>;
export const mcpTokenListSchema = z.object({
  tokens: z.array(mcpTokenSchema),
  /** Where the MCP server listens (http://127.0.0.1:<MCP_PORT>/mcp), null while MCP_PORT is not set. */
  endpoint: z.string().nullable(),
});
export type McpTokenList = z.infer<typeof mcpTokenListSchema>;

/** The answer to a create: the secret, shown this once. */
export const mcpTokenCreatedSchema = mcpTokenSchema.extend({ token: z.string() });
export type McpTokenCreated = z.infer<typeof mcpTokenCreatedSchema>;

/** DELETE /api/settings/mcp-tokens/{id} */
export const mcpTokenRevokedSchema = z.object({ revoked: z.literal(true) });

export const MCP_TEXT = {
  sectionTitle: 'Assistants (MCP)',
  intro:
    'An AI assistant connected with a token can list your sites, search what a site already has, read costs, draft articles and queue its own for review. It cannot publish, approve, delete or change settings: what it proposes waits in the Review inbox.',
  shownOnce: 'Copy this token now: it is shown only once.',
  off: 'The MCP server is off. Set MCP_PORT (for example 4700) and restart to switch it on; it listens on 127.0.0.1 only.',
  revokeConfirm: (name: string) => `Revoke the token "${name}"? An assistant using it is refused from now on.`,
  tooMany: `at most ${MCP_LIMITS.tokens} tokens; revoke one first`,
} as const;
