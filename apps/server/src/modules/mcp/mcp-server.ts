import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_TITLE, APP_VERSION, MCP_LIMITS, TASK_TYPES } from '@abp/contracts';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DomainError } from '../../domain-errors.js';
import { AppError } from '../../errors.js';
import { AssistantRefusal, type McpAssistant } from './mcp-assistant.js';
import type { McpTokensService } from './mcp-tokens.service.js';

/** The one address the MCP server listens on: loopback, whatever HOST the app itself binds to. */
export const MCP_HOST = '127.0.0.1';
export const MCP_PATH = '/mcp';

interface Log {
  error(obj: object, message: string): void;
}

const siteId = z.number({ message: 'must be a site id (a number)' }).int('must be a whole number').positive();

/** The MCP server of one request (stateless): the five tools, none of which publishes, approves, deletes or changes settings. */
export function buildMcpServer(assistant: McpAssistant, log: Log): McpServer {
  const server = new McpServer({ name: APP_TITLE, version: APP_VERSION });
  const reading = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;
  // Drafting adds an article that waits for the operator: it changes nothing that exists.
  const proposing = {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  } as const;
  const run =
    <A>(fn: (args: A) => Promise<unknown>) =>
    async (args: A): Promise<CallToolResult> => {
      try {
        return { content: [{ type: 'text', text: JSON.stringify(await fn(args), null, 2) }] };
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: toolErrorText(error, log) }] };
      }
    };

  server.registerTool(
    'list_sites',
    {
      title: 'List sites',
      description:
        "The operator's WordPress sites: id, name, address and state (active, inactive, credentials_rejected, deleting).",
      annotations: reading,
    },
    run(() => assistant.listSites()),
  );
  server.registerTool(
    'search_site_content',
    {
      title: 'Search what a site already has',
      description:
        "Searches a site's posts and pages (its synced inventory) and the app's own articles for it by words. " +
        'A result marked duplicate already covers the subject: a new article on it would repeat the site.',
      inputSchema: {
        site_id: siteId,
        query: z.string().trim().min(1, 'is required').max(MCP_LIMITS.searchQuery),
        limit: z.number().int().min(1).max(MCP_LIMITS.searchResults).default(10),
      },
      annotations: reading,
    },
    run((args: { site_id: number; query: string; limit: number }) =>
      assistant.searchSiteContent(args.site_id, args.query, args.limit),
    ),
  );
  server.registerTool(
    'get_costs',
    {
      title: 'Read costs',
      description: 'What the model calls cost this month (in USD), per site, and what is left of each monthly budget.',
      annotations: reading,
    },
    run(() => assistant.costs()),
  );
  server.registerTool(
    'draft_article',
    {
      title: 'Draft an article',
      description:
        "Writes an article for a site on a topic with the app's writer, under the budgets. It is not published: " +
        "it waits in the Review inbox for the operator's decision.",
      inputSchema: {
        site_id: siteId,
        topic: z.string().trim().min(1, 'is required').max(MCP_LIMITS.topic),
        word_count: z
          .number()
          .int()
          .min(MCP_LIMITS.wordCount.min)
          .max(MCP_LIMITS.wordCount.max)
          .default(MCP_LIMITS.wordCount.default),
        task_type: z.enum(TASK_TYPES).default('Blog Post'),
        persona: z.string().trim().max(500).default(''),
      },
      annotations: proposing,
    },
    run(
      (args: {
        site_id: number;
        topic: string;
        word_count: number;
        task_type: (typeof TASK_TYPES)[number];
        persona: string;
      }) =>
        assistant.draftArticle({
          siteId: args.site_id,
          topic: args.topic,
          wordCount: args.word_count,
          taskType: args.task_type,
          persona: args.persona,
        }),
    ),
  );
  server.registerTool(
    'queue_for_review',
    {
      title: 'Queue an article for review',
      description:
        'Stores an article you wrote (title and HTML content) for a site. Unsafe markup is taken out. It is not ' +
        "published: it waits in the Review inbox for the operator's decision.",
      inputSchema: {
        site_id: siteId,
        title: z.string().trim().min(1, 'is required').max(MCP_LIMITS.title),
        content: z.string().min(1, 'is required').max(MCP_LIMITS.contentChars),
      },
      annotations: proposing,
    },
    run((args: { site_id: number; title: string; content: string }) =>
      assistant.queueForReview({ siteId: args.site_id, title: args.title, content: args.content }),
    ),
  );
  return server;
}

/** The assistant reads what went wrong in the app's own words; an unexpected failure is logged and said in general terms. */
function toolErrorText(error: unknown, log: Log): string {
  if (error instanceof AssistantRefusal || error instanceof AppError || error instanceof DomainError)
    return error.message;
  log.error({ err: error }, 'an MCP tool failed unexpectedly');
  return 'The tool failed unexpectedly; the operator can find the details in the server log.';
}

export interface McpListener {
  /** The port it listens on (MCP_PORT, or the one the system chose for port 0 in tests). */
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * The MCP server's own listener on 127.0.0.1 (MCP_PORT), apart from the app's: it stays on
 * loopback even when the app listens on every address (HOST=0.0.0.0), and the web app's session,
 * cookies and CSRF rules do not apply to it. Every request needs a token made in Settings
 * (Authorization: Bearer); without a valid one the answer is a 401 and nothing is read or run.
 * Stateless Streamable HTTP: one MCP server and transport per POST, answers as JSON.
 */
export async function startMcpListener(options: {
  port: number;
  tokens: Pick<McpTokensService, 'authenticate'>;
  assistant: McpAssistant;
  log: Log;
}): Promise<McpListener> {
  let allowedHosts: string[] = [];
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      options.log.error({ err }, 'the MCP request failed');
      if (!res.headersSent) sendJson(res, 500, rpcError(-32603, 'Internal error'));
      else res.destroy();
    });
  });
  // Requests are short; a client that stops sending is not kept waiting on.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const token = bearerOf(req.headers.authorization);
    if (!(await options.tokens.authenticate(token))) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="mcp"');
      res.setHeader('Connection', 'close');
      sendJson(res, 401, {
        error:
          'A valid MCP token is required (Authorization: Bearer <token>); make one in Settings → Assistants (MCP).',
      });
      return;
    }
    const path = (req.url ?? '').split('?')[0];
    if (path !== MCP_PATH) return sendJson(res, 404, { error: `Not found: the MCP endpoint is ${MCP_PATH}` });
    // Stateless: there is no session stream to open (GET) or end (DELETE).
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendJson(res, 405, rpcError(-32000, 'Method not allowed: send JSON-RPC messages with POST'));
    }
    const body = await readCapped(req, MCP_LIMITS.requestBytes);
    if (body === 'too-large') {
      res.setHeader('Connection', 'close');
      return sendJson(
        res,
        413,
        rpcError(-32600, `Request body is too large: the MCP server accepts at most ${MCP_LIMITS.requestBytes} bytes`),
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 400, rpcError(-32700, 'Parse error: the body is not JSON'));
    }
    const mcp = buildMcpServer(options.assistant, options.log);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      // A page in a browser on this machine cannot reach it under another name (DNS rebinding).
      enableDnsRebindingProtection: true,
      allowedHosts,
    });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, parsed);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, MCP_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  allowedHosts = [`${MCP_HOST}:${port}`, `localhost:${port}`];
  return {
    port,
    url: `http://${MCP_HOST}:${port}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function rpcError(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The body, or 'too-large' as soon as it passes the cap (the rest is not read). */
async function readCapped(req: IncomingMessage, cap: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) return 'too-large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > cap) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
