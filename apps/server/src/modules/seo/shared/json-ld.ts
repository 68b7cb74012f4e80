import { isWordPressError, type WordPressClient } from '../../../integrations/wordpress/index.js';
import {
  appendBeforeScripts,
  element,
  findElements,
  parseHtml,
  remove,
  renderHtml,
  text,
} from '../../../lib/html/html-tree.js';
import { jsonForScript } from '../../../lib/plain-text.js';

/** Our JSON-LD block carries this attribute so a later run replaces it instead of adding another. */
const MARK = 'data-abp-schema';

/** The HTML with our JSON-LD block replaced by `graph` (or removed when null). */
export function withJsonLd(html: string, graph: unknown): string {
  const doc = parseHtml(html);
  for (const old of findElements(doc, (el) => el.name === 'script' && MARK in el.attribs)) remove(old);
  if (graph !== null && graph !== undefined) {
    appendBeforeScripts(
      doc,
      element('script', { type: 'application/ld+json', [MARK]: '1' }, [text(jsonForScript(graph))]),
    );
  }
  return renderHtml(doc);
}

export type ScriptDelivery = { allowed: true } | { allowed: false; reason: string };

/**
 * WordPress strips <script> from content unless the user has unfiltered_html (administrators on
 * a single site; nobody with DISALLOW_UNFILTERED_HTML or on multisite below super admin).
 */
export async function scriptDelivery(client: WordPressClient): Promise<ScriptDelivery> {
  try {
    const user = await client.getCurrentUser();
    if (user.capabilities.unfiltered_html === true) return { allowed: true };
    return {
      allowed: false,
      reason: `the WordPress user "${client.username}" lacks the unfiltered_html capability, so WordPress would strip <script> blocks`,
    };
  } catch (error) {
    if (!isWordPressError(error)) throw error;
    return { allowed: false, reason: `the WordPress user's capabilities could not be checked (${error.message})` };
  }
}
