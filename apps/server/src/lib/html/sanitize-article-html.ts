import sanitizeHtml from 'sanitize-html';
import { webAddress } from './web-link.js';

/*
 * Model output is untrusted HTML: it is stored, rendered in the admin UI and published to
 * WordPress. Only plain article markup survives. Anything that could run code or load content
 * from elsewhere is removed: scripts, styles, frames, event handlers and non-http(s) URLs.
 */

const isWebUrl = (value: string | undefined): value is string => webAddress(value) !== null;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'figure',
    'figcaption',
    'code',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // The text of these is code or noise, not article content; drop it along with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'head',
    'title',
  ],
  transformTags: {
    // WordPress renders the post title as the page's h1; a second one would compete with it.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link anywhere but the web ('#', 'javascript:', relative) is unwrapped: its text stays.
    a: (_tagName, attribs) =>
      isWebUrl(attribs.href)
        ? {
            tagName: 'a',
            attribs: { href: attribs.href.trim(), rel: 'noopener', ...(attribs.title ? { title: attribs.title } : {}) },
          }
        : { tagName: 'span', attribs: {} },
    img: (_tagName, attribs) =>
      isWebUrl(attribs.src) ? { tagName: 'img', attribs } : { tagName: 'span', attribs: {} },
  },
  exclusiveFilter: (frame) => frame.tag === 'p' && !frame.text.trim() && !frame.mediaChildren?.length,
};

// sanitize-html mismatches closing tags when transformTags renames an element to a tag that is not
// allowed (a later good link came out closed with </span>). So the first pass renames unwanted
// links and images to an allowed <span>, and this second pass, which renames nothing, unwraps them.
const UNWRAP_SPANS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: (OPTIONS.allowedTags as string[]).filter((tag) => tag !== 'span'),
  transformTags: {},
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(sanitizeHtml(html, OPTIONS), UNWRAP_SPANS).trim();
}
