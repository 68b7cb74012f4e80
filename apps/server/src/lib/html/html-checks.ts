import { TAG_PATTERN, VOID_ELEMENTS } from './html-blocks.js';

/* Structural checks on stored article HTML, used by the quality gate. */

// End tags a browser infers; leaving them out is valid HTML, not breakage.
const OPTIONAL_END = new Set(['p', 'li', 'td', 'th', 'tr', 'thead', 'tbody', 'tfoot', 'dt', 'dd', 'option']);

/** Unclosed, mismatched and stray tags, and a tag cut off at the end. */
export function findBrokenHtml(html: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  for (const match of html.matchAll(TAG_PATTERN)) {
    const [, closing, rawName, selfClosing] = match;
    const name = (rawName ?? '').toLowerCase();
    if (VOID_ELEMENTS.has(name) || selfClosing) continue;
    if (!closing) {
      open.push(name);
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at === -1) {
      problems.push(`stray closing tag </${name}>`);
      continue;
    }
    for (const unclosed of open.splice(at).slice(1)) {
      if (!OPTIONAL_END.has(unclosed)) problems.push(`<${unclosed}> is not closed before </${name}>`);
    }
  }
  for (const unclosed of open) if (!OPTIONAL_END.has(unclosed)) problems.push(`<${unclosed}> is never closed`);
  if (/<[a-zA-Z][^>]*$/.test(html)) problems.push('the content ends inside a tag');
  return [...new Set(problems)];
}

/** Links that go nowhere: no href, empty, '#', or javascript:. */
export function findDeadLinks(html: string): string[] {
  const dead: string[] = [];
  for (const match of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)) {
    const attributes = match[1] ?? '';
    const text =
      (match[2] ?? '')
        .replace(/<[^>]+>/g, '')
        .trim()
        .slice(0, 60) || '(no text)';
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const value = (href?.[1] ?? href?.[2] ?? href?.[3] ?? '').trim();
    if (!href) dead.push(`"${text}" has no href`);
    else if (value === '' || value === '#') dead.push(`"${text}" links to "${value || 'nothing'}"`);
    else if (/^\s*javascript:/i.test(value)) dead.push(`"${text}" links to javascript:`);
  }
  return dead;
}
