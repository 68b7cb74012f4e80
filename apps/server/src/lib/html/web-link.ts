import { escapeHtmlText } from '../plain-text.js';

/*
 * The one rule for the address of a link we write: a web address (http or https, with a host).
 * Everything else — an empty address (a site link the inventory dropped as unsafe), '#', a
 * relative path, 'javascript:' or 'data:' — is no address, and the link is not written: its words
 * stay as plain text. Every writer of <a href> goes through here (or html-tree's linkTo()).
 */

const WEB_ADDRESS = /^https?:\/\/[^\s/?#\\]+/i;

/** The trimmed address when it is a web address, else null. */
export function webAddress(href: string | null | undefined): string | null {
  const value = href?.trim() ?? '';
  return WEB_ADDRESS.test(value) ? value : null;
}

/** `<a href="…">inner</a>`, or `innerHtml` alone when `href` is not a web address. `innerHtml` is HTML already. */
export function linkHtml(href: string | null | undefined, innerHtml: string, attributes: Readonly<Record<string, string>> = {}): string {
  const address = webAddress(href);
  if (!address) return innerHtml;
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtmlText(value)}"`)
    .join('');
  return `<a href="${escapeHtmlText(address)}"${attrs}>${innerHtml}</a>`;
}
