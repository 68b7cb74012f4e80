import { z } from 'zod';
import { MAX_ID } from './ids.js';
import { emptyAsUndefined, pageLimitSchema, pageOffsetSchema } from './paging.js';

/* The site inventory: what each WordPress site already has (posts, pages, categories, authors). */

/**
 * 'partial': the last sync stopped at one of the inventory's caps (INVENTORY_MAX_*): what it read
 * is kept, listed and counted, and `error` says why it stopped and what to raise.
 */
export const INVENTORY_SYNC_STATES = ['never', 'queued', 'running', 'succeeded', 'partial', 'failed'] as const;
export const inventorySyncStateSchema = z.enum(INVENTORY_SYNC_STATES);
export type InventorySyncState = z.infer<typeof inventorySyncStateSchema>;

export const INVENTORY_PAGE_SIZES = [25, 50, 100] as const;
export const INVENTORY_SEARCH_MAX_LENGTH = 200;

/** One site's inventory at a glance (the Sites screen), with the running sync's progress. */
export const inventorySummarySchema = z.object({
  site_id: z.number().int(),
  state: inventorySyncStateSchema,
  /** 'site_saved': started by adding the site, or by changing its address or credentials. */
  trigger: z.enum(['manual', 'schedule', 'site_saved']).nullable(),
  posts: z.number().int(),
  pages: z.number().int(),
  /** The last sync that ended by itself: whole, or 'partial'. */
  last_synced_at: z.string().nullable(),
  /** Of the running sync: what it reads now, and how far it got (total null until known). */
  phase: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int().nullable(),
  /** The last sync's figures: read from WordPress (changed ones only after the first), removed. */
  fetched: z.number().int(),
  removed: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Why the last sync failed, or (state 'partial') why it stopped before the site's end. */
  error: z.string().nullable(),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;
export const inventorySummaryListSchema = z.array(inventorySummarySchema);

export const inventoryListQuerySchema = z.object({
  search: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(INVENTORY_SEARCH_MAX_LENGTH, `must be at most ${INVENTORY_SEARCH_MAX_LENGTH} characters`)
      .optional(),
  ),
  /** A WordPress category id of the site. */
  category: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a category id' })
      .int('must be a category id')
      .positive('must be a category id')
      .max(MAX_ID, 'must be a category id')
      .optional(),
  ),
  kind: z.preprocess(emptyAsUndefined, z.enum(['post', 'page'], { message: "must be 'post' or 'page'" }).optional()),
  limit: pageLimitSchema(100, 25),
  offset: pageOffsetSchema(1_000_000),
});
export type InventoryListQuery = z.infer<typeof inventoryListQuerySchema>;

export const inventoryItemSchema = z.object({
  kind: z.enum(['post', 'page']),
  wp_id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  link: z.string(),
  /** WordPress' status: publish, future, draft, pending, private. */
  status: z.string(),
  published_at: z.string().nullable(),
  modified_at: z.string().nullable(),
  category_ids: z.array(z.number().int()),
  tag_ids: z.array(z.number().int()),
  author_id: z.number().int().nullable(),
  excerpt: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryListSchema = z.object({
  items: z.array(inventoryItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type InventoryList = z.infer<typeof inventoryListSchema>;

export const inventoryTermSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent: z.number().int(),
  count: z.number().int(),
});
export const inventoryAuthorSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type InventoryTerm = z.infer<typeof inventoryTermSchema>;
export type InventoryAuthor = z.infer<typeof inventoryAuthorSchema>;

/** A site's categories, authors and tags, for the browse filter, choosing them at generation and the editor. */
export const inventoryTaxonomySchema = z.object({
  categories: z.array(inventoryTermSchema),
  authors: z.array(inventoryAuthorSchema),
  /** The site's tags (the article editor offers them; a new one is allowed). Optional for older clients' fakes; the server always sends them. */
  tags: z.array(inventoryTermSchema).optional(),
});
export type InventoryTaxonomy = z.infer<typeof inventoryTaxonomySchema>;

export const INVENTORY_MESSAGES = {
  siteDeleting: 'This site is being deleted; its content is not synced.',
  interrupted: 'The sync was interrupted (its worker stopped); sync again.',
} as const;

/** Posts read for one link report (the newest published first): the report is bounded whatever the site's size. */
export const LINK_REPORT_MAX_POSTS = 5_000;

/** A published post with its internal links (to other posts of the same site) in and out. */
export const linkReportPostSchema = z.object({
  wp_id: z.number().int(),
  title: z.string(),
  link: z.string(),
  /** Posts of the site this post links to. */
  links_out: z.number().int(),
  /** Posts of the site that link to this post. */
  links_in: z.number().int(),
});
export type LinkReportPost = z.infer<typeof linkReportPostSchema>;

/** GET /api/sites/{id}/inventory/links: internal links between the site's published posts, from the last sync. */
export const linkReportSchema = z.object({
  site_id: z.number().int(),
  /** Published posts read (at most LINK_REPORT_MAX_POSTS). */
  posts_scanned: z.number().int(),
  /** True when the site has more published posts than were read. */
  capped: z.boolean(),
  /** Internal links counted (post to another post of the site). */
  internal_links: z.number().int(),
  /** Every post read, fewest links in first. */
  posts: z.array(linkReportPostSchema),
  /** Posts nothing else on the site links to. */
  orphans: z.array(linkReportPostSchema),
  /** When the site's content was last synced (null: never). */
  synced_at: z.string().nullable(),
});
export type LinkReport = z.infer<typeof linkReportSchema>;
