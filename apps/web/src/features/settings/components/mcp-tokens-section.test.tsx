import { MCP_TEXT, type McpToken } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderRoutes } from '../../../test/render-app';
import { McpTokensSection } from './mcp-tokens-section';

const SECRET = 'abp_mcp_s3cr3t-value-shown-once';

function showSection(endpoint: string | null = 'http://127.0.0.1:4700/mcp') {
  let tokens: McpToken[] = [{ id: 1, name: 'Old laptop', created_at: '2026-11-01T10:00:00.000Z', last_used_at: null }];
  const created: unknown[] = [];
  const deleted: string[] = [];
  server.use(
    http.get('/api/settings/mcp-tokens', () => HttpResponse.json({ tokens, endpoint })),
    http.post('/api/settings/mcp-tokens', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      created.push(body);
      const token = { id: 2, name: body.name, created_at: '2026-11-27T10:00:00.000Z', last_used_at: null };
      tokens = [...tokens, token];
      return HttpResponse.json({ ...token, token: SECRET }, { status: 201 });
    }),
    http.delete('/api/settings/mcp-tokens/:id', ({ params }) => {
      deleted.push(String(params.id));
      tokens = tokens.filter((token) => String(token.id) !== params.id);
      return HttpResponse.json({ revoked: true });
    }),
  );
  const view = renderRoutes([{ path: '/', element: <McpTokensSection /> }]);
  return { ...view, created, deleted };
}

describe('Settings → Assistants (MCP)', () => {
  it('creates a token and shows it once, with the URL and header to configure an assistant', async () => {
    const { user, created } = showSection();
    expect(await screen.findByText('Old laptop')).toBeInTheDocument();
    expect(screen.getByText(/never used/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('A name is required (e.g. the assistant it is for)')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'Claude Desktop');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByLabelText('The new token')).toHaveTextContent(SECRET);
    expect(created).toEqual([{ name: 'Claude Desktop' }]);
    expect(screen.getByText(`Token "Claude Desktop" created. ${MCP_TEXT.shownOnce}`)).toBeInTheDocument();
    expect(screen.getByText(`Authorization: Bearer ${SECRET}`)).toBeInTheDocument();
    expect(screen.getAllByText('http://127.0.0.1:4700/mcp').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Assistant tokens' });
    expect(await within(list).findByText('Claude Desktop')).toBeInTheDocument();
    // The field is empty again for the next token.
    expect(screen.getByRole('textbox', { name: 'Token name' })).toHaveValue('');
    // Done takes the secret off the screen for good.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('The new token')).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET, { exact: false })).not.toBeInTheDocument();
  });

  it('revokes a token after confirmation', async () => {
    const { user, deleted } = showSection();
    await user.click(await screen.findByRole('button', { name: 'Revoke Old laptop' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MCP_TEXT.revokeConfirm('Old laptop'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Revoke Old laptop' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(deleted).toEqual(['1']));
    expect(await screen.findByText('No tokens yet: no assistant can connect.')).toBeInTheDocument();
  });

  it('says how to switch the server on while MCP_PORT is not set', async () => {
    showSection(null);
    expect(await screen.findByText(MCP_TEXT.off)).toBeInTheDocument();
  });
});
