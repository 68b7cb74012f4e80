import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { secureGenerationLimiter } from '../lib/client-rate-limiter';
import { createFakeManualApi } from '../testing/fake-manual-api';

async function showSecure(
  api = createFakeManualApi({
    sites: [makeSite(), makeSite({ id: 2, name: 'Kitchen Blog', url: 'https://kitchen.example' })],
  }),
) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  const view = renderApp({ path: '/manual-secure' });
  await screen.findByRole('heading', { level: 1, name: 'Secure Manual Article Generation' }, { timeout: 15_000 });
  return { ...view, api };
}

async function chooseSite(user: Awaited<ReturnType<typeof showSecure>>['user'], name: string) {
  await user.click(screen.getByRole('combobox', { name: /Site/ }));
  await user.click(await screen.findByRole('option', { name }));
}

beforeEach(() => secureGenerationLimiter.reset());

describe('Secure Manual Article Generation', () => {
  it('shows the Single tab with Topic, Site and Generate Article, and a Bulk tab stub', async () => {
    const { user } = await showSecure();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Secure Manual Article Generation' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Topic/ })).toHaveAttribute('maxlength', '200');
    expect(screen.getByRole('combobox', { name: /Site/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Article' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Bulk Generation' }));
    const bulk = screen.getByRole('tabpanel', { name: 'Bulk Generation' });
    expect(bulk).toHaveTextContent(/^Bulk generation feature coming soon!$/);
  });

  it('shows the validation messages and sends nothing while they stand', async () => {
    const { user, api } = await showSecure();
    await screen.findByRole('combobox', { name: /Site/ });
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Topic is required')).toBeInTheDocument();
    expect(screen.getByText('Site ID is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Topic/ }), 'ab');
    // While "ab" is typed the field says what is wrong now, not 'Topic is required' (issue #17 item 19).
    expect(await screen.findByText('Topic must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.queryByText('Topic is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Topic must be at least 3 characters long')).toBeInTheDocument();

    // Only script text: nothing is left after sanitising.
    await user.clear(screen.getByRole('textbox', { name: /Topic/ }));
    await user.type(screen.getByRole('textbox', { name: /Topic/ }), '<script>x</script>ab');
    await chooseSite(user, 'Garden Blog');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Topic must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.queryByText('Site ID is required')).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('sanitises the topic and sends the flat payload; the answer message is shown', async () => {
    const { user, api } = await showSecure();
    await user.type(
      await screen.findByRole('textbox', { name: /Topic/ }),
      '<script>alert(1)</script>Compost <b onclick="x()">basics</b> javascript:go',
    );
    await chooseSite(user, 'Kitchen Blog');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    const alerts = await screen.findAllByText(
      'Article "A Practical Guide to Composting" generated and pushed to WordPress as a draft',
    );
    expect(alerts.length).toBeGreaterThan(0);
    expect(api.requests).toEqual([
      {
        topic: 'Compost <b >basics</b> go',
        site_id: 2,
        task_type: 'Blog Post',
        includeImages: true,
        publishStatus: 'draft',
        wordCount: 3000,
      },
    ]);
  });

  it('a publish held back by the duplicate check is no success: it says why and links the post already there (issue #31)', async () => {
    const reason =
      'Nearly the same text as "Compost basics" (91% of the text alike), already on the site: /compost-basics/.';
    const held = {
      rule: 'near_duplicate',
      reason,
      existing_post: { title: 'Compost basics', link: 'https://kitchen.example/compost-basics/', site_name: null },
    };
    const api = createFakeManualApi({
      sites: [makeSite(), makeSite({ id: 2, name: 'Kitchen Blog', url: 'https://kitchen.example' })],
      generate: () =>
        HttpResponse.json({
          success: false,
          message: `Article "Compost basics" was saved as a draft but held back, not published: ${reason}`,
          article_id: 42,
          title: 'Compost basics',
          held,
        }),
    });
    const { user } = await showSecure(api);
    await user.type(await screen.findByRole('textbox', { name: /Topic/ }), 'Compost basics');
    await chooseSite(user, 'Kitchen Blog');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    const form = screen.getByRole('form', { name: 'Secure single article' });
    const notice = (await within(form).findByText('Held back, not published')).closest<HTMLElement>('[role="alert"]')!;
    expect(notice).toHaveTextContent(reason);
    expect(within(notice).getByRole('link', { name: 'Compost basics' })).toHaveAttribute(
      'href',
      'https://kitchen.example/compost-basics/',
    );
    expect(form.querySelector('.MuiAlert-standardSuccess')).toBeNull();
  });

  it('refuses the 31st request within 60 seconds with the spec message', async () => {
    const { user, api } = await showSecure();
    for (let i = 0; i < 30; i++) secureGenerationLimiter.tryAcquire();
    await user.type(await screen.findByRole('textbox', { name: /Topic/ }), 'Compost basics');
    await chooseSite(user, 'Garden Blog');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    const messages = await screen.findAllByText('Too many requests. Please wait before trying again.');
    expect(messages.length).toBeGreaterThan(0);
    expect(api.requests).toHaveLength(0);
  });

  it('counts each sent request against the limit', async () => {
    const { user, api } = await showSecure();
    for (let i = 0; i < 29; i++) secureGenerationLimiter.tryAcquire();
    await user.type(await screen.findByRole('textbox', { name: /Topic/ }), 'Compost basics');
    await chooseSite(user, 'Garden Blog');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: /Topic/ }), 'Second topic');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    expect((await screen.findAllByText('Too many requests. Please wait before trying again.')).length).toBeGreaterThan(
      0,
    );
    expect(api.requests).toHaveLength(1);
  });

  it('says "Generation failed: …" with the server error', async () => {
    const api = createFakeManualApi({
      generate: () =>
        HttpResponse.json(
          {
            error: 'The provider rejected the credentials (HTTP 401)',
            code: 'generation_failed',
            details: { article_id: 9, kind: 'auth' },
          },
          { status: 422 },
        ),
    });
    const { user } = await showSecure(api);
    await user.type(await screen.findByRole('textbox', { name: /Topic/ }), 'Compost basics');
    await chooseSite(user, 'Garden Blog');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    const form = screen.getByRole('form', { name: 'Secure single article' });
    expect(
      await within(form).findByText('Generation failed: The provider rejected the credentials (HTTP 401)'),
    ).toBeInTheDocument();
  });
});
