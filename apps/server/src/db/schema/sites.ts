import { PUBLISH_POLICY_MODES } from '@abp/contracts';
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
  /**
   * Set when WordPress rejected the stored credentials (401, or a 403 login code) at a save, a
   * connection test, a publish or a sync (issue #37 point 3): nothing is scheduled or published to
   * the site until a connection test or an edit is accepted, which clears it. The reason is
   * WordPress' own answer, for the Sites screen.
   */
  credentialsRejectedAt: timestamp('credentials_rejected_at', { withTimezone: true }),
  credentialsRejectedReason: text('credentials_rejected_reason'),
  /**
   * The site's default publishing policy (issue #33): how its finished articles go out when neither
   * the job nor the blog configuration says otherwise ('auto', 'hold', 'delay' with its hours).
   */
  publishPolicy: text('publish_policy', { enum: PUBLISH_POLICY_MODES }).notNull().default('auto'),
  publishDelayHours: integer('publish_delay_hours'),
  /** True: a held article is sent to WordPress as a draft, so the operator can preview it there. */
  sendHeldAsDraft: boolean('send_held_as_draft').notNull().default(false),
  /** Set when a cascade deletion was queued: the site is switched off and hidden actions refuse it. */
  deletingSince: timestamp('deleting_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
