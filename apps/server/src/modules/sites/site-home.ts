import { normaliseSiteUrl, schemeVariants } from './site-url.js';

/**
 * What WordPress' own "home" (its REST index's Site Address) says about an address the operator
 * saved (issue #17 item 5): that it is a path or another host name of a WordPress whose home is
 * elsewhere, and which sites already connected are that same WordPress. Words for the save warning.
 */

/** The home in the form site URLs are stored in, or null for one that is no usable address. */
export function normaliseHome(home: string | null): string | null {
  if (!home) return null;
  try {
    return normaliseSiteUrl(home);
  } catch {
    return null;
  }
}

/** http and https of one host and path count as one address, as in the duplicate check. */
export function sameAddress(a: string, b: string): boolean {
  return schemeVariants(a).includes(b);
}

/** Why the saved address is not the WordPress home, or null when it is. */
export function notHomeNote(savedUrl: string, home: string): string | null {
  if (sameAddress(savedUrl, home)) return null;
  const saved = new URL(savedUrl);
  const wordpress = new URL(home);
  const extraPath = saved.host === wordpress.host && saved.pathname !== wordpress.pathname ? saved.pathname : null;
  const why = extraPath
    ? `${extraPath} is not the WordPress home but a path on it`
    : `${saved.host} is another address of the WordPress at ${wordpress.host}`;
  return `WordPress names its home ${home}: ${why}. Posts appear under ${home}; consider saving that address instead.`;
}

/** The warning for other connected sites that are this same WordPress. */
export function sameWordPressNote(others: Array<{ name: string; url: string }>): string | null {
  if (others.length === 0) return null;
  const names = others.map((s) => `"${s.name}" (${s.url})`).join(', ');
  return `This is the same WordPress as ${names}: every post would go to one site under two names. Delete one of them.`;
}
