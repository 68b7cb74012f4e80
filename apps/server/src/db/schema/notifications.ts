import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * What the notifications module sent, or is sending, per event and channel (issue #33 §5). The
 * unique (event_key, channel) pair is what makes an event notified once: a restart, another
 * worker or the next check inserts nothing new for an event already recorded.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    /** Names the event and its episode: `review_waiting:<article>:<since>`, `site_down:<site>`, … */
    eventKey: text('event_key').notNull(),
    channel: text('channel', { enum: ['webhook', 'email'] }).notNull(),
    kind: text('kind').notNull(),
    /** The message as it is sent (title, text, fields), so a retry sends the same thing. */
    message: jsonb('message').notNull(),
    /** pending: to send (again at next_attempt_at); sent; failed: given up after the last try. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_event_channel_idx').on(t.eventKey, t.channel),
    index('notification_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
