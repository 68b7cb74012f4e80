import { htmlToText } from '../../../lib/html/html-text.js';

/*
 * Models do not always follow the output format: they wrap HTML in code fences, answer in
 * Markdown, or repeat the section heading. This turns their answer into a body fragment.
 */

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inlineMarkdown(text: string): string {
  return escapeText(text)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2">$1</a>');
}

/** Paragraphs, `###` subheadings and lists from Markdown, for models that ignore "HTML only". */
export function markdownToHtml(markdown: string): string {
  const blocks: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | undefined;
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push(`<p>${inlineMarkdown(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list)
      blocks.push(
        `<${list.tag}>\n${list.items.map((item) => `<li>${inlineMarkdown(item)}</li>`).join('\n')}\n</${list.tag}>`,
      );
    list = undefined;
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) {
      flushParagraph();
      flushList();
    } else if (heading) {
      flushParagraph();
      flushList();
      blocks.push(`<h3>${inlineMarkdown(heading[1] ?? '')}</h3>`);
    } else if (bullet || numbered) {
      flushParagraph();
      const tag = bullet ? 'ul' : 'ol';
      if (list?.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push((bullet ?? numbered)?.[1] ?? '');
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks.join('\n');
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The model's answer as an HTML body fragment for the section titled `heading`. */
export function sectionBodyFromModel(answer: string, heading: string): string {
  let text = answer
    .trim()
    .replace(/^```(?:html|markdown|md)?\s*\n?/i, '')
    .replace(/\n?```\s*$/, '')
    .trim();
  if (!/<(p|ul|ol|h[1-6]|table|blockquote)\b/i.test(text)) text = markdownToHtml(text);
  // The engine renders the section's h2 itself; a repeated heading at the top is dropped.
  const leading = /^\s*<h[1-3]\b[^>]*>([\s\S]*?)<\/h[1-3]>\s*/i.exec(text);
  if (leading && normalise(htmlToText(leading[1] ?? '')) === normalise(heading)) text = text.slice(leading[0].length);
  // Inside a section, subheadings sit one level below the section's h2.
  return text.replace(/<(\/?)h[12](\b[^>]*)>/gi, '<$1h3$2>').trim();
}
