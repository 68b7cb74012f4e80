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
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
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
    index('backlink_proposals_article_idx').on(t.articleId),
  ],
);
