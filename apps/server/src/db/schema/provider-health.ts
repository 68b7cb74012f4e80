import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each model provider's health as every process of the app saw it (issue #16 part 3): written by
 * the process that made a call, read by all — so a cool-down one worker starts holds for the
 * others, and the web process shows what the workers met. Keyed by a hash of the provider's
 * configuration (the API key hashed within), so a changed setting starts afresh.
 */
export const providerHealth = pgTable('provider_health', {
  key: text('key').primaryKey(),
  provider: text('provider').notNull(),
  model: text('model').notNull(),
  coolingUntil: timestamp('cooling_until', { withTimezone: true }),
  /** Failures since the last success. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  /** Cool-downs in a row since the last success. */
  cooldowns: integer('cooldowns').notNull().default(0),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  callsOk: integer('calls_ok').notNull().default(0),
  callsFailed: integer('calls_failed').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
