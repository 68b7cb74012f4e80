import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The one operator account (no username, one shared password). A single row with id 1. */
export const operator = pgTable('operator', {
  id: integer('id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Server-side record of each sign-in. The encrypted cookie only carries the id, so logout and a
 * password change really end a session, even if someone kept a copy of the cookie.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_last_seen_idx').on(t.lastSeenAt)],
);
