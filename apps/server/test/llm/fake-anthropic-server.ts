import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './fake-http.js';
import type { ChatRequest, FakeHandler } from './fake-openai-server.js';
import { writerReply } from './fake-writer.js';

/*
 * A local server speaking Anthropic's Messages API (POST /v1/messages, x-api-key, content blocks,
 * tool_use for JSON answers, usage in input_tokens/output_tokens), so the real AI SDK Anthropic
 * provider runs against it. Its answers come from the same handlers as the OpenAI-shaped fake.
 */

export interface FakeAnthropicServer {
  baseUrl: string;
  requests: ChatRequest[];
  reportedUsage: { promptTokens: number; completionTokens: number }[];
  setHandler(handler: FakeHandler): void;
  close(): Promise<void>;
}

interface MessagesBody {
  model?: string;
  system?: string | Array<{ type: string; text?: string }>;
  messages?: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
  tools?: Array<{ name: string }>;
}

const textOf = (content: string | Array<{ type: string; text?: string }> | undefined) =>
  typeof content === 'string' ? content : (content ?? []).map((block) => block.text ?? '').join('');

export async function startFakeAnthropicServer(options: { apiKey?: string } = {}): Promise<FakeAnthropicServer> {
  let handler: FakeHandler = (request) => writerReply(request);
  const state = { requests: [] as ChatRequest[], reportedUsage: [] as FakeAnthropicServer['reportedUsage'] };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '';
      const json = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.method !== 'POST' || !path.endsWith('/messages'))
        return json(404, { type: 'error', error: { type: 'not_found_error', message: `No route ${path}` } });
      const body = JSON.parse(await readBody(request)) as MessagesBody;
      const messages = (body.messages ?? []).map((m) => ({ role: m.role, content: textOf(m.content) }));
      const jsonTool = body.tools?.find((tool) => tool.name === 'json');
      const chat: ChatRequest = {
        model: body.model ?? '',
        messages,
        stream: false,
        responseFormat: jsonTool ? 'json_object' : undefined,
        prompt: [...messages].reverse().find((m) => m.role === 'user')?.content ?? '',
        path,
        authorization: typeof request.headers['x-api-key'] === 'string' ? request.headers['x-api-key'] : undefined,
      };
      state.requests.push(chat);
      if (options.apiKey && chat.authorization !== options.apiKey)
        return json(401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
      const reply = await handler(chat, state.requests.length);
      if (reply.type === 'hang') return void (await new Promise((resolve) => response.on('close', resolve)));
      if (reply.type === 'error') {
        response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        return void response.end(
          JSON.stringify(
            reply.body ?? { type: 'error', error: { type: 'api_error', message: `Fake error ${reply.status}` } },
          ),
        );
      }
      const usage = {
        input_tokens: Math.ceil(chat.prompt.length / 4),
        output_tokens: Math.ceil(reply.content.length / 4),
      };
      state.reportedUsage.push({ promptTokens: usage.input_tokens, completionTokens: usage.output_tokens });
      // A model asked for the JSON tool may answer in words instead (a refusal): a text block, as Claude sends it.
      const toolInput = jsonTool ? parseJson(reply.content) : undefined;
      const content =
        toolInput !== undefined
          ? [{ type: 'tool_use', id: `toolu_${state.requests.length}`, name: 'json', input: toolInput }]
          : [{ type: 'text', text: reply.content }];
      json(200, {
        id: `msg_fake_${state.requests.length}`,
        type: 'message',
        role: 'assistant',
        model: chat.model,
        content,
        stop_reason: toolInput !== undefined ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage,
      });
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    get reportedUsage() {
      return state.reportedUsage;
    },
    setHandler(next) {
      handler = next;
    },
    close: () => closeServer(server),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
