import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A connected WordPress site. The application password is stored sealed (AES-256-GCM with a key
 * derived from the app secret) and is never returned by the API.
 */
export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Normalised (scheme + host + path without trailing slash); unique. */
  url: text('url').notNull().unique(),
  username: text('username').notNull(),
  passwordSealed: text('password_sealed').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  contentPersona: text('content_persona').notNull().default(''),
  /** REST root found by discovery (…/wp-json/ or …/?rest_route=/), reused by every call. */
  restRoot: text('rest_root'),
  /**
   * The WordPress "home" its REST index names, normalised: two sites with one home are one
   * WordPress reached by two addresses (issue #17 item 5). Null until the site was reached.
   */
  wpHome: text('wp_home'),
  healthScore: integer('health_score'),
  healthCheckedAt: timestamp('health_checked_at', { withTimezone: true }),
  healthDetails: jsonb('health_details'),
  /** Set when a cascade deletion was queued: the site is switched off and hidden actions refuse it. */
  deletingSince: timestamp('deleting_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
