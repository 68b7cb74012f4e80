import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The answers to create-type requests sent with an Idempotency-Key (plugins/idempotency.ts): a
 * second request with the same key gets the first one's answer instead of doing it again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    /** "POST /api/sites": a key reused for another request is refused. */
    request: text('request').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull().default('pending'),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);
