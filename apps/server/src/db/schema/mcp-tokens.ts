import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Tokens an AI assistant connects to the MCP server with (issue #33 section 6). Only a SHA-256 of
 * the secret is kept: the secret is 32 random bytes, so a fast hash is as safe as a slow one and
 * lets a request find its row by the hash. Revoking deletes the row.
 */
export const mcpTokens = pgTable(
  'mcp_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mcp_tokens_hash_idx').on(t.tokenHash)],
);
