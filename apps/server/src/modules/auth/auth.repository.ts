import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { operator, operatorSessions } from '../../db/schema/index.js';

const OPERATOR_ID = 1;

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findOperator() {
    const rows = await this.db.select().from(operator).where(eq(operator.id, OPERATOR_ID)).limit(1);
    return rows[0] ?? null;
  }

  /** Inserts the operator once; a concurrent first start by another process keeps theirs. */
  async createOperatorIfMissing(passwordHash: string): Promise<boolean> {
    const rows = await this.db
      .insert(operator)
      .values({ id: OPERATOR_ID, passwordHash })
      .onConflictDoNothing()
      .returning({ id: operator.id });
    return rows.length > 0;
  }

  async replacePassword(passwordHash: string): Promise<void> {
    const rows = await this.db
      .update(operator)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(operator.id, OPERATOR_ID))
      .returning({ id: operator.id });
    if (rows.length === 0) throw new Error('No operator account exists yet');
  }

  async createSession(id: string, now: Date): Promise<void> {
    await this.db.insert(operatorSessions).values({ id, createdAt: now, lastSeenAt: now });
  }

  async findLiveSession(id: string) {
    const rows = await this.db
      .select()
      .from(operatorSessions)
      .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.endedAt)))
      .limit(1);
    return rows[0] ?? null;
  }

  async touchSession(id: string, now: Date): Promise<void> {
    await this.db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, id));
  }

  async endSession(id: string, now: Date): Promise<void> {
    await this.db.update(operatorSessions).set({ endedAt: now }).where(eq(operatorSessions.id, id));
  }

  /** Ends every live session except `keepId` (all of them when keepId is null). */
  async endOtherSessions(keepId: string | null, now: Date): Promise<void> {
    const live = isNull(operatorSessions.endedAt);
    await this.db
      .update(operatorSessions)
      .set({ endedAt: now })
      .where(keepId ? and(live, ne(operatorSessions.id, keepId)) : live);
  }

  /** Forgets sessions that ended or went idle before `before`; keeps the table small. */
  async pruneSessions(before: Date): Promise<void> {
    await this.db
      .delete(operatorSessions)
      .where(or(lt(operatorSessions.lastSeenAt, before), lt(operatorSessions.endedAt, before)));
  }
}
