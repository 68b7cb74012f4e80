import { describe, expect, it } from 'vitest';
import { contentLinks } from '../../src/modules/site-inventory/inventory-sync.js';
import { linkGraph } from '../../src/modules/site-inventory/link-report.js';

describe('relative links in posts', () => {
  it('are resolved against the site address, which may be a folder; unsafe ones stay out', () => {
    const html =
      '<p><a href="/tomatoes/">a</a> <a href="?p=12">b</a> <a href="peppers/">c</a> <a href="#top">d</a>' +
      ' <a href="javascript:alert(1)">e</a> <a href="https://other.example/x">f</a></p>';
    expect(contentLinks(html, 'https://blog.example/news')).toEqual([
      'https://blog.example/tomatoes/',
      'https://blog.example/news/?p=12',
      'https://blog.example/news/peppers/',
      'https://other.example/x',
    ]);
    // Without a site address only absolute web addresses count, as before.
    expect(contentLinks(html)).toEqual(['https://other.example/x']);
  });

  it('a "?p=<id>" link names that post on a site with pretty permalinks, not on another host', () => {
    const rows = [
      { wpId: 12, title: 'Target', link: 'https://blog.example/target/', links: [] },
      { wpId: 13, title: 'Hub', link: 'https://blog.example/hub/', links: ['https://www.blog.example/?p=12'] },
      { wpId: 14, title: 'Other', link: 'https://blog.example/other/', links: ['https://elsewhere.example/?p=13'] },
    ];
    const graph = linkGraph(rows);
    expect(graph.posts.find((p) => p.wp_id === 12)).toMatchObject({ links_in: 1 });
    expect(graph.posts.find((p) => p.wp_id === 13)).toMatchObject({ links_out: 1, links_in: 0 });
    expect(graph.internalLinks).toBe(1);
  });
});
