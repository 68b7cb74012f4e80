import DOMPurify from 'dompurify';

/*
 * Article HTML is sanitised by the server before it is stored; the screen sanitises again before
 * rendering, so content that reached the database another way can never run script in the admin.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
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
  'pre',
  'span',
];
const ALLOWED_ATTR = ['href', 'title', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope'];

export function safeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: /^https?:/i });
}
