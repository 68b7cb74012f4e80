import { z } from 'zod';
import { isWordPressError } from './errors.js';
import type { WpResponse } from './http.js';
import { parseAnswer, type RestSession } from './rest-session.js';
import { authorSchema, postSummarySchema, termSchema } from './schemas.js';
import type { InventoryApi, InventoryPage } from './types.js';

const REST_MAX_PER_PAGE = 100;
const summaryList = z.array(postSummarySchema);
const authorList = z.array(authorSchema);
const termList = z.array(termSchema);
// What the inventory keeps of a post: its stored content only as `content.raw` (the site then
// skips rendering it, and the answer carries it once, not twice); the sync keeps its text, clamped.
const SUMMARY_FIELDS =
  'id,type,slug,status,link,date_gmt,modified_gmt,title,excerpt,content.raw,categories,tags,author';

function totals(headers: Headers, count: number): { total: number; totalPages: number } {
  const total = Number(headers.get('x-wp-total'));
  const totalPages = Number(headers.get('x-wp-totalpages'));
  return {
    total: Number.isFinite(total) && headers.has('x-wp-total') ? total : count,
    totalPages: Number.isFinite(totalPages) && headers.has('x-wp-totalpages') ? totalPages : 1,
  };
}

function pageOf<T>(items: T[], response: WpResponse): InventoryPage<T> {
  return { items, ...totals(response.headers, items.length), bytes: Buffer.byteLength(response.text) };
}

const perPageOf = (perPage: number | undefined) =>
  Math.min(REST_MAX_PER_PAGE, Math.max(1, perPage ?? REST_MAX_PER_PAGE));

/** Reads what a site already has (posts, pages, terms, authors) for the site inventory, a page at a time. */
export function createInventoryApi(session: RestSession): InventoryApi {
  // Which users query the site answers: found on the first page, kept for the next ones.
  let authorQuery: Record<string, string> | null = null;

  return {
    async listContent(type, options) {
      const response = await session.raw({
        method: 'GET',
        route: `wp/v2/${type}`,
        query: {
          // Every status but trash (needs edit rights, which publishing needs anyway); context=edit
          // gives the raw title, as stored.
          status: 'any',
          context: 'edit',
          per_page: perPageOf(options.perPage),
          page: options.page,
          // By id: a post edited while we page cannot move between pages and be missed.
          orderby: 'id',
          order: 'asc',
          _fields: options.idsOnly ? 'id' : SUMMARY_FIELDS,
          modified_after: options.modifiedAfter,
        },
        idempotent: true,
      });
      return pageOf(parseAnswer(summaryList, response, 'GET'), response);
    },

    async listTerms(taxonomy, options) {
      const response = await session.raw({
        method: 'GET',
        route: `wp/v2/${taxonomy}`,
        // Ordered by id so a term created while paging cannot shift others between pages.
        query: {
          per_page: perPageOf(options.perPage),
          page: options.page,
          orderby: 'id',
          order: 'asc',
          hide_empty: false,
        },
        idempotent: true,
      });
      return pageOf(parseAnswer(termList, response, 'GET'), response);
    },

    async listAuthors(options) {
      const read = async (query: Record<string, string>) => {
        const response = await session.raw({
          method: 'GET',
          route: 'wp/v2/users',
          query: {
            ...query,
            per_page: perPageOf(options.perPage),
            page: options.page,
            orderby: 'id',
            order: 'asc',
            _fields: 'id,name,slug',
          },
          idempotent: true,
        });
        return pageOf(parseAnswer(authorList, response, 'GET'), response);
      };
      if (authorQuery) return read(authorQuery);
      try {
        // Everyone who may publish posts (WordPress 5.9+; needs list_users).
        const page = await read({ capabilities: 'publish_posts' });
        authorQuery = { capabilities: 'publish_posts' };
        return page;
      } catch (error) {
        // Older sites, or a user without list_users: the deprecated "authors" filter still answers.
        if (!isWordPressError(error) || error.status === null || error.status >= 500) throw error;
        authorQuery = { who: 'authors' };
        return read(authorQuery);
      }
    },
  };
}
