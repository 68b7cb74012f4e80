import { BACKLINK_STATES } from '@abp/contracts';
import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { articles } from './articles.js';
import { sites } from './sites.js';

/**
 * A link from an older post of the site (by WordPress id) to a newly published article: where
 * (paragraph, anchor words), and once applied the post's content before and after, so that undo
 * can put it back (only while nobody has edited the post since).
 */
export const backlinkProposals = pgTable(
  'backlink_proposals',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The new article linked to; null for a link between two existing posts ("Link orphan posts"). */
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    /** A link between existing posts: the post linked to (an orphan), its title and address. */
    targetWpId: integer('target_wp_id'),
    targetTitle: text('target_title').notNull().default(''),
    targetLink: text('target_link').notNull().default(''),
    sourceWpId: integer('source_wp_id').notNull(),
    sourceTitle: text('source_title').notNull(),
    sourceLink: text('source_link').notNull(),
    paragraphIndex: integer('paragraph_index').notNull(),
    paragraphText: text('paragraph_text').notNull(),
    anchor: text('anchor').notNull(),
    state: text('state', { enum: BACKLINK_STATES }).notNull().default('proposed'),
    previousContent: text('previous_content'),
    appliedContent: text('applied_content'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('backlink_proposals_article_source_unique').on(t.articleId, t.sourceWpId),
    unique('backlink_proposals_target_source_unique').on(t.siteId, t.targetWpId, t.sourceWpId),
    index('backlink_proposals_article_idx').on(t.articleId),
  ],
);
