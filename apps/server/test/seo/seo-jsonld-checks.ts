import { expect } from 'vitest';

type Node = Record<string, unknown>;

/** The properties search engines read for each type; the test fails naming what is missing. */
export function expectSearchEngineReadyGraph(graph: unknown, url: string): void {
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
  expect(article.publisher).toBeDefined();
  expect(article.url).toBe(url);

  const webPage = byType('WebPage');
  expect(webPage).toMatchObject({ url, name: expect.any(String), description: expect.any(String) });

  const crumbs = byType('BreadcrumbList').itemListElement as Node[];
  expect(crumbs.length).toBeGreaterThanOrEqual(2);
  crumbs.forEach((crumb, index) => expect(crumb).toMatchObject({ '@type': 'ListItem', position: index + 1, name: expect.any(String), item: expect.stringMatching(/^https?:\/\//) }));
  expect(crumbs[crumbs.length - 1]!.item).toBe(url);

  const org = byType('Organization');
  expect(org).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^https?:\/\//) });
  expect((org.logo as Node).url).toEqual(expect.stringMatching(/^https?:\/\//));
}
