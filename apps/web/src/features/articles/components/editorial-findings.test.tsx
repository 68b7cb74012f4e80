import type { SiteSameness } from '@abp/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeArticlesApi, makeArticle } from '../testing/fake-articles-api';

const SITE_SAMENESS: SiteSameness = {
  site_id: 1,
  posts_compared: 20,
  same_skeleton_share: 0.8,
  same_title_template_share: 0.6,
  title_template: 'the ultimate guide to X',
  same_opening_share: 0.2,
  length_spread_pct: 1.4,
  uniform: true,
  message:
    'The last 20 posts look made from one template: 80% share the same heading skeleton; 60% have the title template "the ultimate guide to X".',
};

describe('the quality report’s editorial findings (issue #33)', () => {
  it('shows the AI-tell phrases with the sentences quoted, and the posts it resembles with the site’s uniformity', async () => {
    const asked: string[] = [];
    const api = createFakeArticlesApi({
      articles: [
        makeArticle({
          id: 1,
          title: 'The Ultimate Guide to Tent Pegs',
          quality_report: {
            severity: 'minor',
            message: 'Quality gate found problems',
            issues: [],
            warnings: [
              {
                rule: 'ai_tells',
                severity: 'minor',
                message:
                  'Reads as machine-written in places: 3 stock phrases ("delve into" ×2, "in conclusion") in 2 sentences.',
                ai_tells: {
                  count: 3,
                  phrases: [
                    { phrase: 'delve into', count: 2 },
                    { phrase: 'in conclusion', count: 1 },
                  ],
                  sentences: ['In conclusion, pegs delve into hard ground.', 'Let’s delve into aluminium.'],
                  rewritten: 2,
                },
              },
              {
                rule: 'sameness',
                severity: 'minor',
                message: 'Made like recent posts of this site: it resembles 2 of the last 20.',
                resembles: [
                  {
                    title: 'The Ultimate Guide to Hiking Boots',
                    link: 'https://garden.example/boots/',
                    ways: ['heading_skeleton', 'title_template'],
                  },
                  { title: 'The Ultimate Guide to Stoves', link: null, ways: ['opening_sentence', 'length'] },
                ],
              },
            ],
            blocking: false,
          },
        }),
      ],
    });
    server.use(
      ...createFakeAuthApi({ authenticated: true }).handlers,
      ...api.handlers,
      http.get('/api/sites/:id/sameness', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(SITE_SAMENESS);
      }),
    );
    const { user } = renderApp({ path: '/articles' });
    const table = await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5000 });
    await user.click(within(within(table).getAllByRole('row')[1]!).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'The Ultimate Guide to Tent Pegs' });
    const report = await within(dialog).findByRole('region', { name: 'Quality report' });

    expect(report).toHaveTextContent('Phrases: "delve into" (2×), "in conclusion". 2 sentences were rewritten');
    const quoted = within(report).getByRole('list', { name: 'Sentences with stock phrases' });
    expect(
      within(quoted)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['“In conclusion, pegs delve into hard ground.”', '“Let’s delve into aluminium.”']);

    const alike = within(report).getByRole('list', { name: 'Posts it resembles' });
    const items = within(alike).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'The Ultimate Guide to Hiking Boots: the same heading skeleton, the same title template',
      '“The Ultimate Guide to Stoves”: the same opening-sentence pattern, the same length within 3%',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'The Ultimate Guide to Hiking Boots' })).toHaveAttribute(
      'href',
      'https://garden.example/boots/',
    );
    expect(await within(report).findByText(`Site: ${SITE_SAMENESS.message}`)).toBeInTheDocument();
    expect(asked).toEqual(['1']);
  });

  it('asks nothing of the site when the report has no sameness finding', async () => {
    const asked: string[] = [];
    server.use(
      ...createFakeAuthApi({ authenticated: true }).handlers,
      ...createFakeArticlesApi({ articles: [makeArticle({ id: 1, title: 'Plain' })] }).handlers,
      http.get('/api/sites/:id/sameness', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(SITE_SAMENESS);
      }),
    );
    const { user } = renderApp({ path: '/articles' });
    const table = await screen.findByRole('table', { name: 'Generated articles' }, { timeout: 5000 });
    await user.click(within(within(table).getAllByRole('row')[1]!).getByRole('button', { name: 'View' }));
    await screen.findByRole('dialog', { name: 'Plain' });
    expect(screen.queryByRole('list', { name: 'Posts it resembles' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
