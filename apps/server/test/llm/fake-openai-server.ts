import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './fake-http.js';
import { writerReply } from './fake-writer.js';

/*
 * A local server speaking OpenAI's chat-completions protocol, both as one JSON answer and as a
 * server-sent-event stream, so the real AI SDK provider code runs against it unchanged.
 */

export interface ChatMessage {
  role: string;
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  responseFormat: string | undefined;
  /** The last user message: what the engine asked for. */
  prompt: string;
  path: string;
  authorization: string | undefined;
}

export type FakeReply =
  | { type: 'text'; content: string; finishReason?: string }
  | { type: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Never answers; the client has to give up. */
  | { type: 'hang' };

export type FakeHandler = (request: ChatRequest, callNumber: number) => FakeReply | Promise<FakeReply>;

export interface CallSpan {
  start: number;
  end: number;
}

export interface FakeOpenAiServer {
  baseUrl: string;
  requests: ChatRequest[];
  /** Start and end of every answered call, for measuring model time against pipeline time. */
  spans: CallSpan[];
  inFlight: number;
  maxInFlight: number;
  /** The token counts reported with every answer (the `usage` a real server bills by). */
  reportedUsage: { promptTokens: number; completionTokens: number }[];
  /** false: answers carry no `usage` (some local servers), so the client has to estimate. */
  setReportsUsage(reports: boolean): void;
  setHandler(handler: FakeHandler): void;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  handler?: FakeHandler;
  /** Added before every answer, like a model's thinking time. */
  latencyMs?: number;
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** 127.0.0.1 by default; another loopback address (127.0.0.2) plays another host. */
  host?: string;
}

function parseChatRequest(raw: string, path: string, authorization: string | undefined): ChatRequest {
  const body = JSON.parse(raw) as {
    model?: string;
    messages?: Array<{ role: string; content: unknown }>;
    stream?: boolean;
    response_format?: { type?: string };
  };
  const messages = (body.messages ?? []).map((m) => ({
    role: m.role,
    content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
  }));
  const prompt = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  return {
    model: body.model ?? '',
    messages,
    stream: body.stream === true,
    responseFormat: body.response_format?.type,
    prompt,
    path,
    authorization,
  };
}

function sendCompletion(
  response: ServerResponse,
  request: ChatRequest,
  reply: Extract<FakeReply, { type: 'text' }>,
  reportUsage: (usage: { promptTokens: number; completionTokens: number }) => boolean,
): void {
  const id = `chatcmpl-fake-${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const finishReason = reply.finishReason ?? 'stop';
  const counted = {
    prompt_tokens: Math.ceil(request.prompt.length / 4),
    completion_tokens: Math.ceil(reply.content.length / 4),
    total_tokens: 0,
  };
  const usage = reportUsage({ promptTokens: counted.prompt_tokens, completionTokens: counted.completion_tokens })
    ? counted
    : undefined;
  if (!request.stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: finishReason }],
        usage,
      }),
    );
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const chunk = (delta: Record<string, string>, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  response.write(chunk({ role: 'assistant', content: '' }, null));
  // Split into several deltas, as a real server does, cutting inside words on purpose.
  for (let i = 0; i < reply.content.length; i += 37)
    response.write(chunk({ content: reply.content.slice(i, i + 37) }, null));
  response.write(chunk({}, finishReason));
  response.write(
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage })}\n\n`,
  );
  response.end('data: [DONE]\n\n');
}

export async function startFakeOpenAiServer(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  let handler: FakeHandler = options.handler ?? ((request) => writerReply(request));
  let latencyMs = options.latencyMs ?? 0;
  const state = {
    requests: [] as ChatRequest[],
    spans: [] as CallSpan[],
    inFlight: 0,
    maxInFlight: 0,
    reportedUsage: [] as FakeOpenAiServer['reportedUsage'],
  };
  let reportsUsage = true;
  const reportUsage = (usage: FakeOpenAiServer['reportedUsage'][number]) => {
    if (reportsUsage) state.reportedUsage.push(usage);
    return reportsUsage;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const start = performance.now();
      const path = request.url ?? '';
      if (request.method !== 'POST' || !path.endsWith('/chat/completions')) {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `No route ${path}`, type: 'invalid_request_error' } }));
        return;
      }
      const chat = parseChatRequest(await readBody(request), path, request.headers.authorization);
      state.requests.push(chat);
      if (options.apiKey && chat.authorization !== `Bearer ${options.apiKey}`) {
        response.writeHead(401, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
          }),
        );
        return;
      }
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        const reply = await handler(chat, state.requests.length);
        if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
        if (reply.type === 'hang') {
          await new Promise((resolve) => response.on('close', resolve));
          return;
        }
        if (reply.type === 'error') {
          response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          response.end(
            JSON.stringify(reply.body ?? { error: { message: `Fake error ${reply.status}`, type: 'server_error' } }),
          );
          return;
        }
        sendCompletion(response, chat, reply, reportUsage);
        state.spans.push({ start, end: performance.now() });
      } finally {
        state.inFlight--;
      }
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${host}:${port}/v1`,
    get requests() {
      return state.requests;
    },
    get spans() {
      return state.spans;
    },
    get inFlight() {
      return state.inFlight;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    get reportedUsage() {
      return state.reportedUsage;
    },
    setReportsUsage(reports) {
      reportsUsage = reports;
    },
    setHandler(next) {
      handler = next;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    close: () => closeServer(server),
  };
}
