import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The answers to create-type requests sent with an Idempotency-Key (plugins/idempotency.ts): a
 * second request of the same session with the same key, route and body gets the first one's
 * answer instead of doing it again. Keys belong to a session: another session's key is another key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The session that sent it: a SHA-256 of its id (the id itself is a credential). */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** "POST /api/sites /api/sites": the route and the URL; a key reused for another request is refused. */
    request: text('request').notNull(),
    /** SHA-256 of the validated body: the same key with another body is refused. */
    bodyDigest: text('body_digest').notNull(),
    state: text('state', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
