import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/**
 * What the articles being written are expected to cost (issue #31): each unit of the article
 * pipeline reserves its estimate when it starts and removes it when it ends, so a budget counts
 * the work under way in every process, not only what the ledger holds already. A reservation of a
 * process that died lapses at `expires_at` (its holder pushes that forward while it runs).
 */
export const budgetReservations = pgTable(
  'budget_reservations',
  {
    /** The unit's origin key: one reservation per unit, whichever run holds it. */
    holder: text('holder').primaryKey(),
    /** The run that holds it: only that run removes it. */
    token: text('token').notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    costNanos: bigint('cost_nanos', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('budget_reservations_site_idx').on(t.siteId)],
);
