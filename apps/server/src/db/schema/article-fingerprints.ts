import { bigint, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { articles } from './articles.js';

/**
 * The MinHash fingerprint of an article's body as it was last published, for near-duplicate
 * detection. `bands` are its locality-sensitive-hashing keys: a GIN index finds the articles that
 * share one with a new body, and only those are compared signature by signature.
 */
export const articleFingerprints = pgTable(
  'article_fingerprints',
  {
    articleId: integer('article_id')
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    signature: jsonb('signature').$type<number[]>().notNull(),
    bands: bigint('bands', { mode: 'number' }).array().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_fingerprints_bands_idx').using('gin', t.bands)],
);
