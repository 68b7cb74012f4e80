import { expect } from 'vitest';

type Node = Record<string, unknown>;

/** The properties search engines read for each type; the test fails naming what is missing. */
export function expectSearchEngineReadyGraph(
  graph: unknown,
  url: string,
  post?: { imageUrl: string | null; publishedGmt: string | null },
): void {
  const root = graph as { '@context'?: string; '@graph'?: Node[] };
  expect(root['@context']).toBe('https://schema.org');
  const nodes = root['@graph'] ?? [];
  const byType = (type: string) => {
    const node = nodes.find((n) => n['@type'] === type);
    expect(node, `${type} in the graph`).toBeDefined();
    return node!;
  };
  const article = byType('Article');
  expect(typeof article.headline).toBe('string');
  expect((article.headline as string).length).toBeGreaterThan(0);
  expect((article.headline as string).length).toBeLessThanOrEqual(110);
  expect(Array.isArray(article.image) && (article.image as string[]).every((i) => /^https?:\/\//.test(i))).toBe(true);
  expect(Number.isNaN(Date.parse(article.datePublished as string))).toBe(false);
  expect(Number.isNaN(Date.parse(article.dateModified as string))).toBe(false);
  expect((article.author as Node).name).toEqual(expect.any(String));
  expect(['Person', 'Organization']).toContain((article.author as Node)['@type']);
  expect((article.author as Node).url).toEqual(expect.stringMatching(/^https?:\/\//));
  // Issue #18 item 13: the image is the post's featured image (never the site's favicon), and
  // datePublished is when WordPress published it (to the minute; dateModified never before it).
  expect((article.image as string[]).some((i) => i.endsWith('/favicon.ico'))).toBe(false);
  if (post?.imageUrl) expect(article.image).toEqual([post.imageUrl]);
  if (post?.publishedGmt)
    expect(Math.abs(Date.parse(article.datePublished as string) - Date.parse(`${post.publishedGmt}Z`))).toBeLessThan(
      120_000,
    );
  expect(Date.parse(article.dateModified as string)).toBeGreaterThanOrEqual(
    Date.parse(article.datePublished as string),
  );
  expect(article.publisher).toBeDefined();
  expect(article.url).toBe(url);

  const webPage = byType('WebPage');
  expect(webPage).toMatchObject({ url, name: expect.any(String), description: expect.any(String) });

  const crumbs = byType('BreadcrumbList').itemListElement as Node[];
  expect(crumbs.length).toBeGreaterThanOrEqual(2);
  crumbs.forEach((crumb, index) =>
    expect(crumb).toMatchObject({
      '@type': 'ListItem',
      position: index + 1,
      name: expect.any(String),
      item: expect.stringMatching(/^https?:\/\//),
    }),
  );
  expect(crumbs[crumbs.length - 1]!.item).toBe(url);

  const org = byType('Organization');
  expect(org).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^https?:\/\//) });
  expect((org.logo as Node).url).toEqual(expect.stringMatching(/^https?:\/\//));
}
