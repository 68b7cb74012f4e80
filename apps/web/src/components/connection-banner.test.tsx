import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeArticlesApi, makeArticle } from '../features/articles/testing/fake-articles-api';
import { reportConnection } from '../lib/connection-status';
import { createFakeAuthApi } from '../test/auth-api';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';
import { CONNECTION_LOST_TEXT } from './connection-banner';

afterEach(() => reportConnection(true));

describe('when the server is away (issue #17 item 16)', () => {
  it('says "connection lost — retrying", and the screen recovers on its own when the server is back', async () => {
    const api = createFakeArticlesApi({ articles: [makeArticle({ id: 1, title: 'Back again' })] });
    server.use(
      // The session is known; then the server is away: no answer to anything (the first handler that matches answers).
      ...createFakeAuthApi({ authenticated: true }).handlers,
      http.all('/api/*', () => HttpResponse.error()),
    );
    renderApp({ path: '/articles' });
    expect(await screen.findByText(CONNECTION_LOST_TEXT, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Back again')).not.toBeInTheDocument();

    // It comes back: the banner goes and the list loads without a reload or a click.
    server.use(
      http.get('/api/health', () => HttpResponse.json({ status: 'ok' })),
      ...api.handlers,
    );
    await waitFor(() => expect(screen.queryByText(CONNECTION_LOST_TEXT)).not.toBeInTheDocument(), { timeout: 6000 });
    expect(await screen.findByText('Back again', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
