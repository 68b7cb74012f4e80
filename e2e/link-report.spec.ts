import {
  addRealSite,
  realWordPress,
  realWordPressAuth,
  realWordPressMissing,
  waitForFirstSync,
} from './support/article-seeding.js';
import { apiCall, expect, login, saveScreen, test } from './support/fixtures.js';

/**
 * Sites → Browse → Internal links against the real WordPress (WP_URL, WP_USER, WP_APP_PASSWORD):
 * an orphan post is listed, "Link orphan posts" proposes a link to it from a post on its subject,
 * and approving it adds the link on WordPress (undo puts the post back). A relative link counts.
 */
const NAME = 'E2E link report';

async function wordpressPost(title: string, content: string): Promise<{ id: number; link: string }> {
  const response = await fetch(`${realWordPress.url}/wp-json/wp/v2/posts`, {
    method: 'POST',
    headers: realWordPressAuth(),
    body: JSON.stringify({ title, content, status: 'publish' }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; link: string };
}

async function wordpressContent(id: number): Promise<string> {
  const response = await fetch(`${realWordPress.url}/wp-json/wp/v2/posts/${id}?context=edit`, {
    headers: realWordPressAuth(),
  });
  return ((await response.json()) as { content: { raw: string } }).content.raw;
}

async function wordpressDelete(id: number): Promise<void> {
  await fetch(`${realWordPress.url}/wp-json/wp/v2/posts/${id}?force=true`, {
    method: 'DELETE',
    headers: realWordPressAuth(),
  });
}

test.describe('Internal links of a site', () => {
  test.skip(
    realWordPressMissing && !process.env.CI,
    'WP_URL, WP_USER and WP_APP_PASSWORD are not set: eval "$(bash scripts/wordpress-test-site.sh)"',
  );

  test('orphan posts are shown, "Link orphan posts" proposes, approving adds the link on WordPress', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    expect(realWordPressMissing, 'the real WordPress must be configured in CI').toBe(false);
    // A made-up fruit, so that only this test's posts are on its subject.
    const fruit = `${Date.now()
      .toString(36)
      .replace(/[^a-z]/g, '')}berry`;
    const orphanTitle = `Mulching ${fruit} canes in autumn`;
    const sourceTitle = `Feeding ${fruit} plants`;
    const sourceContent = `<p>Feed the canes in spring.</p>\n<p>Mulching ${fruit} canes in autumn keeps their roots warm.</p>`;
    const orphan = await wordpressPost(
      orphanTitle,
      `<p>Straw or bark around ${fruit} canes after the leaves fall.</p>`,
    );
    const source = await wordpressPost(sourceTitle, sourceContent);
    // The source post is linked to by a relative path, as editors write them: it is no orphan.
    const hub = await wordpressPost(
      `Pruning ${fruit} canes`,
      `<p>Cut the old canes; <a href="${new URL(source.link).pathname}">feed them</a> in spring.</p>`,
    );
    let siteId: number | null = null;
    try {
      await login(page);
      siteId = await addRealSite(page, NAME);
      // Adding the site starts its first content sync.
      await waitForFirstSync(page, siteId);

      await page.goto('/sites');
      await page.getByRole('row').filter({ hasText: NAME }).getByRole('link', { name: 'Browse' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Content of ${NAME}` })).toBeVisible();
      const links = page.getByRole('region', { name: 'Internal links' });
      await expect(links.getByText(/published posts read, \d+ links between them, \d+ orphan posts?/)).toBeVisible();
      const orphans = links.getByRole('table', { name: 'Orphan posts' });
      await expect(orphans.getByRole('link', { name: orphanTitle })).toBeVisible();
      await expect(orphans.getByRole('link', { name: sourceTitle })).toHaveCount(0);
      const all = links.getByRole('table', { name: 'Posts and their links' });
      await expect(all.getByRole('row').filter({ hasText: `Pruning ${fruit} canes` })).toContainText(/0\s*1$/);

      await links.getByRole('button', { name: 'Link orphan posts' }).click();
      const proposals = links.getByRole('table', { name: 'Proposed links to orphan posts' });
      // The proposal to the orphan, from the post on its subject (other orphans of this test get theirs too).
      const proposal = proposals.getByRole('row').filter({ hasText: orphanTitle }).filter({ hasText: sourceTitle });
      await expect(proposal).toBeVisible({ timeout: 30_000 });
      await expect(proposal).toContainText(`in: Mulching ${fruit} canes in autumn keeps their roots warm.`);
      await expect(proposal).toContainText('Proposed');
      await saveScreen(page, 'sites-link-report');

      await proposal.getByRole('button', { name: 'Add link' }).click();
      await expect(proposal).toContainText('Link added');
      const linked = await wordpressContent(source.id);
      expect(linked).toContain(`<a href="${orphan.link}">`);
      expect(linked.replace(/<a href="[^"]*">([^<]*)<\/a>/, '$1')).toBe(sourceContent);

      await proposal.getByRole('button', { name: 'Undo' }).click();
      await expect(proposal).toContainText('Undone');
      expect(await wordpressContent(source.id)).toBe(sourceContent);
    } finally {
      if (siteId !== null) await apiCall(page, 'DELETE', `/api/sites/${siteId}`);
      for (const id of [orphan.id, source.id, hub.id]) await wordpressDelete(id);
    }
  });
});
