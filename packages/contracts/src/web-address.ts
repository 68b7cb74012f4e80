/*
 * The one rule for the address of a link, on the server (the article HTML it writes) and in the
 * browser (the links the screens show): a web address, http or https with a host. An empty
 * address, '#', a relative path, 'javascript:' or 'data:' is none, and no link is written.
 */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#\\]+/i;

/** The trimmed address when it is a web address, else null. */
export function webAddress(href: string | null | undefined): string | null {
  const value = href?.trim() ?? '';
  return WEB_ADDRESS.test(value) ? value : null;
}
