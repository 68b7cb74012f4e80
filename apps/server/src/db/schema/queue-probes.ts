import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Rows written by the queue probe job: proof that web → queue → worker → database works. */
export const queueProbes = pgTable('queue_probes', {
  id: text('id').primaryKey(),
  message: text('message').notNull(),
  status: text('status', { enum: ['queued', 'completed'] })
    .notNull()
    .default('queued'),
  result: text('result'),
  workerPid: integer('worker_pid'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
