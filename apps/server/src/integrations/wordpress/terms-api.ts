import { z } from 'zod';
import { escapeHtmlText } from '../../lib/plain-text.js';
import { isWordPressError } from './errors.js';
import { parseAnswer, type RestSession } from './rest-session.js';
import { deletedSchema, termExistsDataSchema, termSchema, type WpTerm } from './schemas.js';
import type { TermsApi } from './types.js';

const termListSchema = z.array(termSchema);
const REST_MAX_PER_PAGE = 100;
/**
 * The most pages one list follows, whatever the site claims: 10,000 terms at 100 a page. The site
 * inventory reads terms a page at a time under its own caps; this bounds every other caller.
 */
export const TERM_LIST_MAX_PAGES = 100;

export function createTermsApi(session: RestSession, taxonomy: 'categories' | 'tags'): TermsApi {
  const collection = `wp/v2/${taxonomy}`;

  const getTerm = (id: number): Promise<WpTerm> =>
    session.call(termSchema, { method: 'GET', route: `${collection}/${id}`, idempotent: true });

  return {
    async list(options) {
      const perPage = Math.min(REST_MAX_PER_PAGE, Math.max(1, options?.perPage ?? REST_MAX_PER_PAGE));
      const maxPages = Math.min(options?.maxPages ?? TERM_LIST_MAX_PAGES, TERM_LIST_MAX_PAGES);
      const terms: WpTerm[] = [];
      for (let page = 1; page <= maxPages; page++) {
        const response = await session.raw({
          method: 'GET',
          route: collection,
          // Ordered by id so a term created while paging cannot shift others between pages.
          query: { per_page: perPage, page, orderby: 'id', order: 'asc', hide_empty: false, search: options?.search },
          idempotent: true,
        });
        const batch = parseAnswer(termListSchema, response, 'GET');
        terms.push(...batch);
        const totalPages = Number(response.headers.get('x-wp-totalpages') ?? '1');
        if (batch.length === 0 || !Number.isFinite(totalPages) || page >= totalPages) break;
      }
      return terms;
    },

    async getOrCreate(name, options) {
      try {
        const term = await session.call(termSchema, {
          method: 'POST',
          route: collection,
          // The name is plain text; WordPress keeps term names HTML-escaped (it would strip a tag).
          json:
            options?.parent === undefined
              ? { name: escapeHtmlText(name) }
              : { name: escapeHtmlText(name), parent: options.parent },
          // Safe to repeat: a second try that finds the term answers term_exists, handled below.
          idempotent: true,
        });
        return { term, created: true };
      } catch (error) {
        if (!isWordPressError(error) || error.wpCode !== 'term_exists') throw error;
        const data = termExistsDataSchema.safeParse(error.wpData);
        if (!data.success) throw error;
        return { term: await getTerm(data.data.term_id), created: false };
      }
    },

    async delete(id) {
      await session.call(deletedSchema, {
        method: 'DELETE',
        route: `${collection}/${id}`,
        query: { force: true },
        idempotent: true,
      });
    },
  };
}
