import { createHash, randomBytes } from 'node:crypto';
import { MCP_LIMITS, MCP_TEXT, MCP_TOKEN_PREFIX, type McpToken, type McpTokenCreated } from '@abp/contracts';
import { conflict, notFound } from '../../errors.js';
import type { McpTokenRow, McpTokensRepository } from './mcp-tokens.repository.js';

/** The token's secret is 32 random bytes; only its SHA-256 is kept (see db/schema/mcp-tokens.ts). */
export const hashMcpToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Settings → Assistants (MCP): tokens made, listed and revoked by the operator, checked by the MCP listener. */
export class McpTokensService {
  constructor(
    private readonly repo: McpTokensRepository,
    /** Where the MCP server listens, or null while MCP_PORT is not set. */
    readonly endpoint: string | null,
  ) {}

  async list(): Promise<{ tokens: McpToken[]; endpoint: string | null }> {
    return { tokens: (await this.repo.list()).map(toDto), endpoint: this.endpoint };
  }

  /** The secret is in this answer only. */
  async create(name: string): Promise<McpTokenCreated> {
    if ((await this.repo.count()) >= MCP_LIMITS.tokens) throw conflict(`Too many tokens: ${MCP_TEXT.tooMany}`);
    const token = `${MCP_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.repo.create(name, hashMcpToken(token));
    return { ...toDto(row), token };
  }

  async revoke(id: number): Promise<{ revoked: true }> {
    if (!(await this.repo.delete(id))) throw notFound(`No MCP token with id ${id}`);
    return { revoked: true };
  }

  /** The token a request carries, if it is one of ours (its use is noted); null otherwise. */
  async authenticate(token: string | null): Promise<McpTokenRow | null> {
    if (!token?.startsWith(MCP_TOKEN_PREFIX) || token.length > 200) return null;
    const row = await this.repo.findByHash(hashMcpToken(token));
    if (!row) return null;
    await this.repo.touch(row.id, new Date());
    return row;
  }
}

function toDto(row: McpTokenRow): McpToken {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
