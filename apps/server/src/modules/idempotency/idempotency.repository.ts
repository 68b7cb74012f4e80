import { IDEMPOTENCY_KEY_TTL_HOURS } from '@abp/contracts';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /** Claims the key for this request; the existing row when another request has it. */
  async claim(key: string, request: string): Promise<{ claimed: true } | { claimed: false; row: IdempotencyRow }> {
    // Keys older than the promise are forgotten first, so an old key can be used again; so is a
    // pending one whose request never answered (the process stopped while it ran).
    await this.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.key, key),
          or(
            lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`),
            and(eq(idempotencyKeys.state, 'pending'), lt(idempotencyKeys.createdAt, sql`now() - interval '15 minutes'`)),
          ),
        ),
      );
    const inserted = await this.db.insert(idempotencyKeys).values({ key, request }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { claimed: true };
    const row = await this.db.query.idempotencyKeys.findFirst({ where: eq(idempotencyKeys.key, key) });
    // Gone between the two statements (its request failed): claim it again.
    if (!row) return this.claim(key, request);
    return { claimed: false, row };
  }

  async complete(key: string, answer: { status: number; contentType: string | null; body: string }): Promise<void> {
    await this.db.update(idempotencyKeys).set({ state: 'done', ...answer }).where(eq(idempotencyKeys.key, key));
  }

  /** A request that failed on our side may be sent again with the same key. */
  async release(key: string): Promise<void> {
    await this.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending')));
  }

  async purgeExpired(): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`));
  }
}
