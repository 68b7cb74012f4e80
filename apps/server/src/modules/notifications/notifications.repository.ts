import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articles, notificationDeliveries, sites } from '../../db/schema/index.js';
import type { NotificationMessage } from '../../integrations/notifications/notification-message.js';

export type DeliveryChannel = 'webhook' | 'email';

export interface NotificationEventRecord {
  key: string;
  kind: string;
  message: NotificationMessage;
}

export interface DueDelivery {
  id: number;
  eventKey: string;
  channel: DeliveryChannel;
  kind: string;
  message: NotificationMessage;
  attempts: number;
}

/** How long a claimed delivery is left to the process that claimed it before another may send it. */
const CLAIM_MS = 2 * 60_000;

/** notification_deliveries: what was sent per event and channel, and what is still to send. */
export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  /** Records the events for the channels; an event already recorded for a channel is left as it is (notified once). */
  async record(events: readonly NotificationEventRecord[], channels: readonly DeliveryChannel[]): Promise<number> {
    if (events.length === 0 || channels.length === 0) return 0;
    const rows = events.flatMap((event) =>
      channels.map((channel) => ({ eventKey: event.key, channel, kind: event.kind, message: event.message })),
    );
    const inserted = await this.db
      .insert(notificationDeliveries)
      .values(rows)
      .onConflictDoNothing({ target: [notificationDeliveries.eventKey, notificationDeliveries.channel] })
      .returning({ id: notificationDeliveries.id });
    return inserted.length;
  }

  /**
   * Claims the deliveries due now: each is moved a few minutes ahead in the same statement, so
   * another worker (or the next check) does not send it while this one does.
   */
  async claimDue(now: Date, limit = 20): Promise<DueDelivery[]> {
    const due = this.db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.status, 'pending'), lte(notificationDeliveries.nextAttemptAt, now)))
      .orderBy(notificationDeliveries.nextAttemptAt, notificationDeliveries.id)
      .limit(limit);
    const rows = await this.db
      .update(notificationDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          inArray(notificationDeliveries.id, due),
          eq(notificationDeliveries.status, 'pending'),
          lte(notificationDeliveries.nextAttemptAt, now),
        ),
      )
      .returning({
        id: notificationDeliveries.id,
        eventKey: notificationDeliveries.eventKey,
        channel: notificationDeliveries.channel,
        kind: notificationDeliveries.kind,
        message: notificationDeliveries.message,
        attempts: notificationDeliveries.attempts,
      });
    return rows.map((row) => ({ ...row, message: row.message as NotificationMessage })).sort((a, b) => a.id - b.id);
  }

  async markSent(id: number, at: Date): Promise<void> {
    await this.db
      .update(notificationDeliveries)
      .set({
        status: 'sent',
        sentAt: at,
        lastAttemptAt: at,
        lastError: null,
        attempts: sql`${notificationDeliveries.attempts} + 1`,
      })
      .where(eq(notificationDeliveries.id, id));
  }

  /** A failed try: tried again at `retryAt`, or given up (null). */
  async markFailed(id: number, at: Date, error: string, retryAt: Date | null): Promise<void> {
    await this.db
      .update(notificationDeliveries)
      .set({
        status: retryAt ? 'pending' : 'failed',
        lastAttemptAt: at,
        lastError: error,
        attempts: sql`${notificationDeliveries.attempts} + 1`,
        ...(retryAt ? { nextAttemptAt: retryAt } : {}),
      })
      .where(eq(notificationDeliveries.id, id));
  }

  /** Not sent because its channel was switched off meanwhile (no failure to show). */
  async markDropped(id: number): Promise<void> {
    await this.db
      .update(notificationDeliveries)
      .set({ status: 'failed', lastError: null })
      .where(eq(notificationDeliveries.id, id));
  }

  /** A test message's outcome, kept with the rest so the last failure is one query. */
  async recordTest(
    channel: DeliveryChannel,
    message: NotificationMessage,
    at: Date,
    error: string | null,
  ): Promise<void> {
    await this.db.insert(notificationDeliveries).values({
      eventKey: `test:${at.toISOString()}:${Math.random().toString(36).slice(2)}`,
      channel,
      kind: 'test',
      message,
      status: error ? 'failed' : 'sent',
      attempts: 1,
      lastError: error,
      lastAttemptAt: at,
      nextAttemptAt: at,
      sentAt: error ? null : at,
    });
  }

  /** Per channel, its latest try when that try failed. */
  async latestFailures(): Promise<
    { channel: DeliveryChannel; kind: string; error: string; at: Date; gaveUp: boolean }[]
  > {
    const latest = await this.db
      .selectDistinctOn([notificationDeliveries.channel], {
        channel: notificationDeliveries.channel,
        kind: notificationDeliveries.kind,
        error: notificationDeliveries.lastError,
        at: notificationDeliveries.lastAttemptAt,
        status: notificationDeliveries.status,
      })
      .from(notificationDeliveries)
      .where(isNotNull(notificationDeliveries.lastAttemptAt))
      .orderBy(
        notificationDeliveries.channel,
        desc(notificationDeliveries.lastAttemptAt),
        desc(notificationDeliveries.id),
      );
    return latest.flatMap((row) =>
      row.error && row.at
        ? [{ channel: row.channel, kind: row.kind, error: row.error, at: row.at, gaveUp: row.status === 'failed' }]
        : [],
    );
  }

  /** The event keys of this kind recorded so far (site_down: the sites notified as down). */
  async keysOfKind(kind: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ key: notificationDeliveries.eventKey })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.kind, kind));
    return rows.map((row) => row.key);
  }

  /** Forgets events that are over (a site up again), so the next episode is notified anew. */
  async forget(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(notificationDeliveries).where(inArray(notificationDeliveries.eventKey, keys));
  }

  /** Articles waiting for review since before `before` and not notified yet, oldest first. */
  async waitingSince(before: Date, limit = 50) {
    return this.db
      .select({
        id: articles.id,
        title: articles.title,
        reason: articles.reviewReason,
        since: articles.reviewSince,
        siteName: sites.name,
      })
      .from(articles)
      .leftJoin(sites, eq(sites.id, articles.siteId))
      .where(
        and(
          isNotNull(articles.reviewReason),
          lte(articles.reviewSince, before),
          // Not those notified already (the service's key, review_waiting:<id>:<since as ISO>): else the
          // oldest `limit` would hide every newer one for as long as they wait.
          sql`not exists (select 1 from ${notificationDeliveries} where ${notificationDeliveries.eventKey} =
            'review_waiting:' || ${articles.id} || ':' ||
            to_char(${articles.reviewSince} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
        ),
      )
      .orderBy(articles.reviewSince, articles.id)
      .limit(limit);
  }

  async siteName(siteId: number): Promise<string | null> {
    const [row] = await this.db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId)).limit(1);
    return row?.name ?? null;
  }

  /** Active sites not being deleted, with WordPress' last refusal of their credentials. */
  async watchedSites() {
    return this.db
      .select({
        id: sites.id,
        name: sites.name,
        url: sites.url,
        rejectedAt: sites.credentialsRejectedAt,
        rejectedReason: sites.credentialsRejectedReason,
      })
      .from(sites)
      .where(and(eq(sites.isActive, true), isNull(sites.deletingSince)))
      .orderBy(sites.id);
  }
}
