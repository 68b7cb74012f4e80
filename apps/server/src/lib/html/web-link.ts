import { webAddress } from '@abp/contracts';
import { escapeHtmlText } from '../plain-text.js';

/*
 * The one rule for the address of a link we write (`webAddress`, shared with the web app through
 * the contracts): a web address (http or https, with a host).
 * Everything else — an empty address (a site link the inventory dropped as unsafe), '#', a
 * relative path, 'javascript:' or 'data:' — is no address, and the link is not written: its words
 * stay as plain text. Every writer of <a href> goes through here (or html-tree's linkTo()).
 */

export { webAddress };

/** `<a href="…">inner</a>`, or `innerHtml` alone when `href` is not a web address. `innerHtml` is HTML already. */
export function linkHtml(
  href: string | null | undefined,
  innerHtml: string,
  attributes: Readonly<Record<string, string>> = {},
): string {
  const address = webAddress(href);
  if (!address) return innerHtml;
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtmlText(value)}"`)
    .join('');
  return `<a href="${escapeHtmlText(address)}"${attrs}>${innerHtml}</a>`;
}
