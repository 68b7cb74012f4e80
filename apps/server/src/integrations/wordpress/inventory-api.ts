import { z } from 'zod';
import { isWordPressError } from './errors.js';
import { parseAnswer, type RestSession } from './rest-session.js';
import { authorSchema, postSummarySchema, type WpAuthor } from './schemas.js';
import type { InventoryApi, InventoryPage } from './types.js';

const REST_MAX_PER_PAGE = 100;
const summaryList = z.array(postSummarySchema);
const authorList = z.array(authorSchema);
// What the inventory keeps of a post: never the content (a page of 100 full posts is megabytes).
const SUMMARY_FIELDS = 'id,type,slug,status,link,date_gmt,modified_gmt,title,excerpt,categories,tags,author';

function totals(headers: Headers, count: number): { total: number; totalPages: number } {
  const total = Number(headers.get('x-wp-total'));
  const totalPages = Number(headers.get('x-wp-totalpages'));
  return {
    total: Number.isFinite(total) && headers.has('x-wp-total') ? total : count,
    totalPages: Number.isFinite(totalPages) && headers.has('x-wp-totalpages') ? totalPages : 1,
  };
}

/** Reads what a site already has (posts, pages, authors) for the site inventory. */
export function createInventoryApi(session: RestSession): InventoryApi {
  return {
    async listContent(type, options) {
      const perPage = Math.min(REST_MAX_PER_PAGE, Math.max(1, options.perPage ?? REST_MAX_PER_PAGE));
      const response = await session.raw({
        method: 'GET',
        route: `wp/v2/${type}`,
        query: {
          // Every status but trash (needs edit rights, which publishing needs anyway); context=edit
          // gives the raw title, as stored.
          status: 'any',
          context: 'edit',
          per_page: perPage,
          page: options.page,
          // By id: a post edited while we page cannot move between pages and be missed.
          orderby: 'id',
          order: 'asc',
          _fields: options.idsOnly ? 'id' : SUMMARY_FIELDS,
          modified_after: options.modifiedAfter,
        },
        idempotent: true,
      });
      const items = parseAnswer(summaryList, response, 'GET');
      return { items, ...totals(response.headers, items.length) } satisfies InventoryPage;
    },

    async listAuthors() {
      const list = async (query: Record<string, string>): Promise<WpAuthor[]> => {
        const authors: WpAuthor[] = [];
        for (let page = 1; ; page++) {
          const response = await session.raw({
            method: 'GET',
            route: 'wp/v2/users',
            query: { ...query, per_page: REST_MAX_PER_PAGE, page, orderby: 'id', order: 'asc', _fields: 'id,name,slug' },
            idempotent: true,
          });
          const batch = parseAnswer(authorList, response, 'GET');
          authors.push(...batch);
          if (batch.length === 0 || page >= totals(response.headers, batch.length).totalPages) return authors;
        }
      };
      try {
        // Everyone who may publish posts (WordPress 5.9+; needs list_users).
        return await list({ capabilities: 'publish_posts' });
      } catch (error) {
        // Older sites, or a user without list_users: the deprecated "authors" filter still answers.
        if (!isWordPressError(error) || error.status === null || error.status >= 500) throw error;
        return list({ who: 'authors' });
      }
    },
  };
}
