import type { WordPressClient } from '../../integrations/wordpress/index.js';
import { toPlainText } from '../../lib/plain-text.js';
import { tagPhrases } from '../../lib/text/tag-phrases.js';

/**
 * The article's tags (whole phrases, at most 5) as WordPress terms: a tag the site already has
 * under the same name (ignoring case) is used as it is; only a new one is created.
 */
export async function ensureTags(client: WordPressClient, tags: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of tagPhrases(tags)) {
    const existing = (await client.tags.list({ search: name, perPage: 20, maxPages: 1 })).find(
      (term) => toPlainText(term.name).toLowerCase() === name,
    );
    const id = existing ? existing.id : (await client.tags.getOrCreate(name)).term.id;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
