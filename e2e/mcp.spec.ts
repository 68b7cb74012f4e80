import { AxeBuilder } from '@axe-core/playwright';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { apiCall, expect, login, saveScreen, test } from './support/fixtures.js';

// Issue #33 section 6: a token made in Settings → Assistants (MCP) lets an assistant (the SDK's own
// client here) propose an article that waits in the inbox; revoking the token shuts it out.

const MCP_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 60}/mcp`;

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(MCP_URL), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

test('a token made in Settings lets an assistant queue an article for review; Revoke shuts it out', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  const site = await apiCall<{ id: number }>(page, 'POST', '/api/sites', {
    name: 'MCP e2e blog',
    url: 'http://127.0.0.1:9',
    username: 'editor',
    password: 'abcd EFGH ijkl MNOP qrst UVWX',
    is_active: true,
    content_persona: '',
  });
  expect(site.status).toBe(201);
  try {
    await page.goto('/settings#mcp-tokens');
    const section = page.getByRole('region', { name: 'Assistants (MCP)' });
    await expect(section.getByText(MCP_URL).first()).toBeVisible();
    await section.getByRole('textbox', { name: 'Token name' }).fill('E2E assistant');
    await section.getByRole('button', { name: 'Create token' }).click();
    const shown = section.getByLabel('The new token');
    await expect(shown).toBeVisible();
    const token = (await shown.textContent()) ?? '';
    expect(token).toMatch(/^abp_mcp_/);
    await expect(section.getByText(`Authorization: Bearer ${token}`)).toBeVisible();
    await section.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Token copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      // The page lays its sections out anew below the wide breakpoint: the token, shown once, stays.
      await expect(shown).toHaveText(token);
      const results = await new AxeBuilder({ page }).include('#mcp-tokens').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await saveScreen(page, `settings-mcp-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    const client = await connect(token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'draft_article',
      'get_costs',
      'list_sites',
      'queue_for_review',
      'search_site_content',
    ]);
    const queued = (await client.callTool({
      name: 'queue_for_review',
      arguments: {
        site_id: site.json.id,
        title: 'Mulching in autumn',
        content: '<h2>Why</h2><p>Mulch keeps the soil warm.</p><script>alert(1)</script>',
      },
    })) as CallToolResult;
    expect(queued.isError ?? false).toBe(false);
    const text = queued.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    const { article_id: articleId } = JSON.parse(text) as { article_id: number };
    const article = await apiCall<{ status: string; content: string; wordpress_post_id: number | null }>(
      page,
      'GET',
      `/api/articles/${articleId}`,
    );
    expect(article.json).toMatchObject({ status: 'draft', wordpress_post_id: null });
    expect(article.json.content).not.toContain('<script');

    // The list shows the use; Revoke asks first, then the assistant is refused.
    await page.reload();
    const row = section.getByRole('listitem').filter({ hasText: 'E2E assistant' });
    await expect(row).toContainText('last used');
    await row.getByRole('button', { name: 'Revoke E2E assistant' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('An assistant using it is refused from now on.');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Token "E2E assistant" revoked')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(client.listTools()).rejects.toThrow(/A valid MCP token is required/);
    await client.close().catch(() => undefined);
  } finally {
    await apiCall(page, 'DELETE', `/api/sites/${site.json.id}?cascade=true`);
  }
});
