import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mcpTokens } from '../../db/schema/index.js';

export type McpTokenRow = typeof mcpTokens.$inferSelect;

/** The MCP server's tokens (the mcp module owns `mcp_tokens`). */
export class McpTokensRepository {
  constructor(private readonly db: Database) {}

  async list(): Promise<McpTokenRow[]> {
    return this.db.select().from(mcpTokens).orderBy(asc(mcpTokens.createdAt), asc(mcpTokens.id));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(mcpTokens);
    return row?.n ?? 0;
  }

  async create(name: string, tokenHash: string): Promise<McpTokenRow> {
    const [row] = await this.db.insert(mcpTokens).values({ name, tokenHash }).returning();
    if (!row) throw new Error('the token was not stored');
    return row;
  }

  async findByHash(tokenHash: string): Promise<McpTokenRow | null> {
    const [row] = await this.db.select().from(mcpTokens).where(eq(mcpTokens.tokenHash, tokenHash));
    return row ?? null;
  }

  /** Notes a use, at most once a minute per token (every MCP request would otherwise be a write). */
  async touch(id: number, now: Date): Promise<void> {
    await this.db
      .update(mcpTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(mcpTokens.id, id),
          or(isNull(mcpTokens.lastUsedAt), lt(mcpTokens.lastUsedAt, new Date(now.getTime() - 60_000))),
        ),
      );
  }

  /** True when the token existed: revoking deletes it, so its hash finds nothing any more. */
  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(mcpTokens).where(eq(mcpTokens.id, id)).returning({ id: mcpTokens.id });
    return rows.length > 0;
  }
}
