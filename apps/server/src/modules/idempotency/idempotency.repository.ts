import { IDEMPOTENCY_KEY_TTL_HOURS } from '@abp/contracts';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** One session's key: keys of different sessions never meet. */
export interface KeyRef {
  owner: string;
  key: string;
}

const isKey = ({ owner, key }: KeyRef) => and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key));

export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /** Claims the session's key for this request; the existing row when a request of the session has it. */
  async claim(
    ref: KeyRef,
    request: string,
    bodyDigest: string,
  ): Promise<{ claimed: true } | { claimed: false; row: IdempotencyRow }> {
    // Keys older than the promise are forgotten first, so an old key can be used again; so is a
    // pending one whose request never answered (the process stopped while it ran).
    await this.db
      .delete(idempotencyKeys)
      .where(
        and(
          isKey(ref),
          or(
            lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`),
            and(
              eq(idempotencyKeys.state, 'pending'),
              lt(idempotencyKeys.createdAt, sql`now() - interval '15 minutes'`),
            ),
          ),
        ),
      );
    const inserted = await this.db
      .insert(idempotencyKeys)
      .values({ ...ref, request, bodyDigest })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { claimed: true };
    const row = await this.db.query.idempotencyKeys.findFirst({ where: isKey(ref) });
    // Gone between the two statements (its request failed): claim it again.
    if (!row) return this.claim(ref, request, bodyDigest);
    return { claimed: false, row };
  }

  async complete(ref: KeyRef, answer: { status: number; contentType: string | null; body: string }): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ state: 'done', ...answer })
      .where(isKey(ref));
  }

  /** A request that failed on our side may be sent again with the same key. */
  async release(ref: KeyRef): Promise<void> {
    await this.db.delete(idempotencyKeys).where(and(isKey(ref), eq(idempotencyKeys.state, 'pending')));
  }

  async purgeExpired(): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`));
  }
}
