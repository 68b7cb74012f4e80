import { index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/**
 * Embeddings of what each site has (issue #32): one vector per document of the site-knowledge
 * index ('post:12', 'page:3', 'article:45') and version: `content_hash` is a hash of the text that
 * was embedded, so a post is embedded again only when that text changed, and `model` names the
 * model (vectors of two models cannot be compared). PGlite has no pgvector: vectors are plain
 * real[], searched in the app.
 */
export const knowledgeVectors = pgTable(
  'knowledge_vectors',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    docKey: text('doc_key').notNull(),
    contentHash: text('content_hash').notNull(),
    model: text('model').notNull(),
    vector: real('vector').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.docKey] }),
    index('knowledge_vectors_site_created_idx').on(t.siteId, t.createdAt),
  ],
);
