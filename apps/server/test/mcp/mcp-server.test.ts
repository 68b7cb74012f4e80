import { MCP_TOKEN_PREFIX, MCP_TOOL_NAMES, type McpTokenCreated, type McpTokenList } from '@abp/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, mcpTokens } from '../../src/db/schema/index.js';
import { MAX_DRAFTS_AT_ONCE } from '../../src/modules/mcp/mcp-assistant.js';
import { type McpListener, startMcpListener } from '../../src/modules/mcp/mcp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { addRealSite, describeRealSite, listDirect, runId } from '../wordpress/real-site.js';

/** The app, its MCP listener on 127.0.0.1 (a port of the system's choosing) and a signed-in operator. */
function useMcpApp() {
  const state = {} as { t: TestApp; cookie: string; mcp: McpListener };
  beforeAll(async () => {
    state.t = await createTestApp();
    state.cookie = await state.t.login();
    state.mcp = await startMcpListener({
      port: 0,
      tokens: state.t.services.mcpTokens,
      assistant: state.t.services.mcpAssistant,
      log: { error: () => undefined },
    });
  });
  afterAll(async () => {
    await state.mcp?.close();
    await state.t?.close();
  });
  return state;
}

async function createToken(t: TestApp, cookie: string, name: string): Promise<McpTokenCreated> {
  const res = await t.request({ method: 'POST', url: '/api/settings/mcp-tokens', payload: { name }, cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<McpTokenCreated>();
}

/** The SDK's own client over Streamable HTTP, with the token as the assistant would send it. */
async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { isError: result.isError === true, text: textOf(result), json: () => JSON.parse(textOf(result)) };
}

describe('Settings → Assistants (MCP): the token API', () => {
  const s = useMcpApp();

  it('shows a created token once; the list never shows it; names are checked', async () => {
    const created = await createToken(s.t, s.cookie, 'Claude Desktop');
    expect(created.token.startsWith(MCP_TOKEN_PREFIX)).toBe(true);
    expect(created.token.length).toBeGreaterThan(40);
    expect(created).toMatchObject({ name: 'Claude Desktop', last_used_at: null });

    const list = await s.t.request({ method: 'GET', url: '/api/settings/mcp-tokens', cookie: s.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    const body = list.json<McpTokenList>();
    expect(body.tokens.map((token) => token.name)).toContain('Claude Desktop');
    expect(Object.keys(body.tokens[0] ?? {}).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
    // MCP_PORT is not set in the test config: the screen says the server is off.
    expect(body.endpoint).toBeNull();
    // Only a hash is stored.
    const stored = await s.t.ctx.handle.db.select().from(mcpTokens).where(eq(mcpTokens.id, created.id));
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(MCP_TOKEN_PREFIX.length));

    const blank = await s.t.request({
      method: 'POST',
      url: '/api/settings/mcp-tokens',
      payload: { name: '  ' },
      cookie: s.cookie,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ details: { field: string }[] }>().details[0]?.field).toBe('body.name');

    const missing = await s.t.request({ method: 'DELETE', url: '/api/settings/mcp-tokens/999999', cookie: s.cookie });
    expect(missing.statusCode).toBe(404);
  });

  it('needs the operator session', async () => {
    const res = await s.t.request({ method: 'GET', url: '/api/settings/mcp-tokens' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a request without a token, with a wrong one and with a revoked one (401, nothing else)', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(s.mcp.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain('list_sites');
    expect((await post({ Authorization: `Bearer ${MCP_TOKEN_PREFIX}not-a-token` })).status).toBe(401);
    expect((await post({ Authorization: 'Basic dXNlcjpwYXNz' })).status).toBe(401);

    const created = await createToken(s.t, s.cookie, 'Revoked soon');
    const client = await connect(s.mcp.url, created.token);
    expect((await client.listTools()).tools.length).toBe(MCP_TOOL_NAMES.length);
    // A use is noted on the token.
    const listed = (
      await s.t.request({ method: 'GET', url: '/api/settings/mcp-tokens', cookie: s.cookie })
    ).json<McpTokenList>();
    expect(listed.tokens.find((token) => token.id === created.id)?.last_used_at).not.toBeNull();

    const revoked = await s.t.request({
      method: 'DELETE',
      url: `/api/settings/mcp-tokens/${created.id}`,
      cookie: s.cookie,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await post({ Authorization: `Bearer ${created.token}` })).status).toBe(401);
    await expect(client.listTools()).rejects.toThrow(/A valid MCP token is required/);
    await client.close().catch(() => undefined);
    await expect(connect(s.mcp.url, created.token)).rejects.toThrow(/A valid MCP token is required/);
  });

  it('answers only on 127.0.0.1', () => {
    expect(s.mcp.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });
});

describe('MCP tools', () => {
  const s = useMcpApp();
  let client: Client;
  let siteId: number;
  beforeAll(async () => {
    const created = await createToken(s.t, s.cookie, 'Tools');
    client = await connect(s.mcp.url, created.token);
    // A site the writer never reaches: nothing here may publish, so WordPress is never asked.
    const site = await s.t.request({
      method: 'POST',
      url: '/api/sites',
      cookie: s.cookie,
      payload: {
        name: 'Tools Blog',
        url: 'http://127.0.0.1:9',
        username: 'editor',
        password: 'abcd EFGH ijkl MNOP qrst UVWX',
        is_active: true,
        content_persona: '',
      },
    });
    expect(site.statusCode, site.body).toBe(201);
    siteId = site.json<{ id: number }>().id;
  });
  afterAll(async () => client?.close());

  it('offers exactly the five tools, none of which publishes, approves, deletes or changes settings', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.annotations?.destructiveHint, tool.name).toBe(false);
      expect(tool.name).not.toMatch(/publish|approve|delete|setting|remove|update/);
    }
  });

  it('list_sites names each site with its state', async () => {
    const result = await call(client, 'list_sites');
    expect(result.isError).toBe(false);
    expect(result.json().sites).toContainEqual({
      id: siteId,
      name: 'Tools Blog',
      url: 'http://127.0.0.1:9',
      state: 'active',
    });
  });

  it('queue_for_review stores sanitized HTML waiting for review, and search_site_content finds it', async () => {
    const content =
      '<h2>Watering</h2><p onclick="steal()">Water tomatoes deeply twice a week in the morning.</p>' +
      '<script>alert(1)</script><p><a href="javascript:alert(2)">more</a> about mulch and tomato roots.</p>';
    const result = await call(client, 'queue_for_review', {
      site_id: siteId,
      // Titles are plain text everywhere in the app: "<b>" stays the text "<b>", escaped wherever shown.
      title: '  Watering tomatoes well <b>now</b> ',
      content,
    });
    expect(result.isError, result.text).toBe(false);
    const answer = result.json();
    expect(answer).toMatchObject({
      title: 'Watering tomatoes well <b>now</b>',
      sanitized: true,
      review_reason: 'agent',
    });

    const [row] = await s.t.ctx.handle.db.select().from(articles).where(eq(articles.id, answer.article_id));
    expect(row).toMatchObject({
      siteId,
      origin: 'agent',
      status: 'draft',
      reviewReason: 'agent',
      wordpressPostId: null,
      title: 'Watering tomatoes well <b>now</b>',
    });
    expect(row?.reviewSince).toBeInstanceOf(Date);
    expect(row?.content).toContain('<h2>Watering</h2>');
    expect(row?.content).not.toMatch(/<script|onclick|javascript:/i);

    const found = await call(client, 'search_site_content', { site_id: siteId, query: 'watering tomatoes' });
    expect(found.isError, found.text).toBe(false);
    expect(found.json().results[0]).toMatchObject({ kind: 'article', title: 'Watering tomatoes well <b>now</b>' });
  });

  it('refuses bad input with clear words, as tool errors', async () => {
    const noTitle = await call(client, 'queue_for_review', { site_id: siteId, title: '', content: '<p>x</p>' });
    expect(noTitle.isError).toBe(true);
    expect(noTitle.text).toMatch(/title/);
    const tooLong = await call(client, 'queue_for_review', {
      site_id: siteId,
      title: 'Long',
      content: `<p>${'word '.repeat(50_000)}</p>`,
    });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.text).toMatch(/content/);
    const onlyScript = await call(client, 'queue_for_review', {
      site_id: siteId,
      title: 'Script',
      content: '<script>alert(1)</script>',
    });
    expect(onlyScript).toMatchObject({ isError: true });
    expect(onlyScript.text).toMatch(/content: has no text/);
    const noSearch = await call(client, 'search_site_content', { site_id: 999_999, query: 'tomatoes' });
    expect(noSearch).toMatchObject({ isError: true, text: 'site_id: no site with id 999999 exists' });
    const noSite = await call(client, 'draft_article', { site_id: 999_999, topic: 'Anything' });
    expect(noSite.isError).toBe(true);
    expect(noSite.text).toBe('site_id: no site with id 999999 exists');
    const badCount = await call(client, 'draft_article', { site_id: siteId, topic: 'X', word_count: 10 });
    expect(badCount.isError).toBe(true);
    expect(badCount.text).toMatch(/word_count/);
  });

  it('get_costs reads this month and the budgets left', async () => {
    const budget = await s.t.request({
      method: 'PUT',
      url: '/api/settings/budgets',
      cookie: s.cookie,
      payload: { monthly_usd: 50, sites: [] },
    });
    expect(budget.statusCode, budget.body).toBe(200);
    const result = await call(client, 'get_costs');
    expect(result.isError, result.text).toBe(false);
    const costs = result.json();
    expect(costs).toMatchObject({ currency: 'USD', spent_usd: 0 });
    expect(costs.budgets).toContainEqual(expect.objectContaining({ site_id: null, limit_usd: 50, left_usd: 50 }));
  });

  it(`writes at most ${MAX_DRAFTS_AT_ONCE} drafts at a time; one more call is told to wait`, async () => {
    // Hold the drafts under way inside the pipeline until the extra call has had its answer.
    const pipeline = (s.t.services.mcpAssistant as unknown as { ports: { pipeline: { runNow: RunNow } } }).ports
      .pipeline;
    const runNow = pipeline.runNow;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    pipeline.runNow = async (...args) => {
      started += 1;
      await gate;
      return runNow.apply(pipeline, args);
    };
    try {
      const running = Array.from({ length: MAX_DRAFTS_AT_ONCE }, (_, i) =>
        call(client, 'draft_article', { site_id: siteId, topic: `Cold frames ${i}`, word_count: 500 }),
      );
      await expect.poll(() => started).toBe(MAX_DRAFTS_AT_ONCE);
      const extra = await call(client, 'draft_article', { site_id: siteId, topic: 'One too many', word_count: 500 });
      expect(extra.isError).toBe(true);
      expect(extra.text).toMatch(/drafts are being written already/);
      expect(started).toBe(MAX_DRAFTS_AT_ONCE);
      release();
      for (const result of await Promise.all(running)) expect(result.isError, result.text).toBe(false);
    } finally {
      release();
      pipeline.runNow = runNow;
    }
  });
});

type RunNow = (...args: unknown[]) => Promise<unknown>;

describeRealSite('normal', 'MCP draft_article against the real WordPress', (site) => {
  const s = useMcpApp();

  it('a drafted article (offline writer) waits with review_reason agent and is not on WordPress', async () => {
    const siteId = await addRealSite(s.t, s.cookie, site, `MCP ${runId}`);
    const created = await createToken(s.t, s.cookie, 'Drafts');
    const client = await connect(s.mcp.url, created.token);
    const topic = `Assistant draft ${runId} about compost heaps`;
    const result = await call(client, 'draft_article', { site_id: siteId, topic, word_count: 600 });
    await client.close();
    expect(result.isError, result.text).toBe(false);
    const answer = result.json();
    expect(answer).toMatchObject({ review_reason: 'agent', written_offline: true });

    const [row] = await s.t.ctx.handle.db.select().from(articles).where(eq(articles.id, answer.article_id));
    expect(row).toMatchObject({
      siteId,
      origin: 'agent',
      status: 'draft',
      reviewReason: 'agent',
      wordpressPostId: null,
      wordpressStatus: null,
    });
    expect(row?.content.length).toBeGreaterThan(100);
    // The operator finds it in the Review inbox, as drafted by an assistant.
    const inbox = await s.t.request({
      method: 'GET',
      url: `/api/review?reason=agent&site_id=${siteId}`,
      cookie: s.cookie,
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().items).toContainEqual(
      expect.objectContaining({ kind: 'article', id: answer.article_id, reason: 'agent' }),
    );
    // WordPress has no post of that title in any status (drafts and pending included).
    const posts = await listDirect(site, `wp/v2/posts?status=any&search=${encodeURIComponent(runId)}&context=edit`);
    expect(posts).toEqual([]);
  });
});
