/*
 * HTML helpers every module shares: reading article HTML as text (word counts, sentences),
 * sanitising untrusted HTML, splitting and trimming it by blocks, finding broken markup and dead
 * links, and a small DOM toolkit for rewriting it (SEO links, JSON-LD).
 */

export { splitTopLevelBlocks, TAG_PATTERN, trimHtmlToWords, VOID_ELEMENTS } from './html-blocks.js';
export { findBrokenHtml, findDeadLinks } from './html-checks.js';
export { countWords, htmlSections, htmlToText, splitSentences } from './html-text.js';
export { sanitizeArticleHtml } from './sanitize-article-html.js';
export { linkHtml, webAddress } from './web-link.js';
