import type { LinkReportPost } from '@abp/contracts';

/** A published post as the link report reads it. */
export interface LinkReportRow {
  wpId: number;
  title: string;
  link: string;
  links: readonly string[];
}

/**
 * A post's address as links name it: host in lower case, no fragment, no trailing slash, `www.`
 * dropped (a link to http://www.blog.example/x and a post at https://blog.example/x/ are one post).
 * Null for what is not a web address.
 */
export function addressKey(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.host.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${path}${url.search}`;
}

/**
 * Internal links between a site's posts (pure): each post's links that name another post of the
 * site (same host, same path) count once per pair, out for one and in for the other; an orphan is
 * a post no other post links to. Posts come newest first; the list is fewest links in first.
 */
export function linkGraph(rows: readonly LinkReportRow[]): {
  posts: LinkReportPost[];
  orphans: LinkReportPost[];
  internalLinks: number;
} {
  const byAddress = new Map<string, number>();
  for (const row of rows) {
    const key = addressKey(row.link);
    if (key) byAddress.set(key, row.wpId);
  }
  const out = new Map<number, Set<number>>();
  const into = new Map<number, Set<number>>();
  for (const row of rows) {
    for (const link of row.links) {
      const key = addressKey(link);
      const target = key ? byAddress.get(key) : undefined;
      if (target === undefined || target === row.wpId) continue;
      if (!out.has(row.wpId)) out.set(row.wpId, new Set());
      out.get(row.wpId)!.add(target);
      if (!into.has(target)) into.set(target, new Set());
      into.get(target)!.add(row.wpId);
    }
  }
  let internalLinks = 0;
  for (const targets of out.values()) internalLinks += targets.size;
  const posts = rows
    .map((row) => ({
      wp_id: row.wpId,
      title: row.title,
      link: row.link,
      links_out: out.get(row.wpId)?.size ?? 0,
      links_in: into.get(row.wpId)?.size ?? 0,
    }))
    .sort((a, b) => a.links_in - b.links_in);
  return { posts, orphans: posts.filter((post) => post.links_in === 0), internalLinks };
}
