/*
 * Stock WordPress offers no writable custom meta over REST (meta must be registered by a plugin),
 * so ownership is marked inside the content: an HTML comment survives kses (block markup is made
 * of comments), is invisible to readers, and `?search=` matches it because search runs on the raw
 * post_content. Verified against WordPress 6.1 (drafts included with status=any).
 */
const MARKER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function assertValidMarker(marker: string): void {
  // A leading "-" would turn the search term into an exclusion; spaces would split it into words.
  if (!MARKER_PATTERN.test(marker)) {
    throw new Error('A WordPress marker must be 1–64 characters of A–Z, a–z, 0–9, "_" or "-"');
  }
}

/** The search term: starts with letters, so WordPress never reads it as an exclusion. */
export function markerToken(marker: string): string {
  assertValidMarker(marker);
  return `abp:ref:${marker}`;
}

export function markerComment(marker: string): string {
  return `<!-- ${markerToken(marker)} -->`;
}

export function withMarker(content: string, marker: string | undefined): string {
  if (marker === undefined) return content;
  const comment = markerComment(marker);
  return content.includes(comment) ? content : `${content}\n${comment}`;
}

/** Exact check on the raw content, since search is a substring match over title, excerpt and content. */
export function hasMarker(rawContent: string | undefined, marker: string): boolean {
  return rawContent !== undefined && rawContent.includes(markerComment(marker));
}
