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
 * The post a "?p=123" address names (WordPress' own address of post 123, whatever the permalinks):
 * its host and id, or null.
 */
function postIdAddress(address: string): { host: string; id: number } | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const id = url.searchParams.get('p');
  if (!id || !/^\d{1,10}$/.test(id) || !/^\/(index\.php)?$/.test(url.pathname)) return null;
  return { host: url.host.toLowerCase().replace(/^www\./, ''), id: Number(id) };
}

/**
 * Internal links between a site's posts (pure): each post's links that name another post of the
 * site (same host, same path; or "?p=<its id>" on the site's host) count once per pair, out for one and in for the other; an orphan is
 * a post no other post links to. Posts come newest first; the list is fewest links in first.
 */
export function linkGraph(rows: readonly LinkReportRow[]): {
  posts: LinkReportPost[];
  orphans: LinkReportPost[];
  internalLinks: number;
} {
  const byAddress = new Map<string, number>();
  const hosts = new Set<string>();
  const ids = new Set<number>();
  for (const row of rows) {
    const key = addressKey(row.link);
    if (key) byAddress.set(key, row.wpId);
    const host = key?.split('/')[0]?.split('?')[0];
    if (host) hosts.add(host);
    ids.add(row.wpId);
  }
  // A link by post id ("?p=123" on the site's host) names that post even where permalinks are pretty.
  const targetOf = (link: string): number | undefined => {
    const key = addressKey(link);
    const target = key ? byAddress.get(key) : undefined;
    if (target !== undefined) return target;
    const byId = postIdAddress(link);
    return byId && hosts.has(byId.host) && ids.has(byId.id) ? byId.id : undefined;
  };
  const out = new Map<number, Set<number>>();
  const into = new Map<number, Set<number>>();
  for (const row of rows) {
    for (const link of row.links) {
      const target = targetOf(link);
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
