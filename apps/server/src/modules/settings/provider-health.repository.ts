import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { providerHealth } from '../../db/schema/index.js';
import type { MemberState, SharedHealthStore } from '../../integrations/llm/index.js';

const time = (value: number | null) => (value === null ? null : new Date(value));

/** provider_health: every process's view of the model providers, one row per provider configuration. */
export class ProviderHealthRepository implements SharedHealthStore {
  constructor(private readonly db: Database) {}

  async record(
    key: string,
    identity: { provider: string; model: string },
    state: MemberState,
    outcome: 'ok' | 'failed',
  ): Promise<void> {
    const ok = outcome === 'ok' ? 1 : 0;
    await this.db
      .insert(providerHealth)
      .values({
        key,
        ...identity,
        coolingUntil: time(state.coolingUntil),
        consecutiveFailures: state.consecutive,
        cooldowns: state.cooldowns,
        lastError: state.lastError,
        lastErrorAt: time(state.lastErrorAt),
        callsOk: ok,
        callsFailed: 1 - ok,
      })
      .onConflictDoUpdate({
        target: providerHealth.key,
        set: {
          // The latest outcome decides the state (a success anywhere ends a cool-down); the counts
          // add up over every process; the last error stays until another one replaces it.
          coolingUntil: sql`excluded.cooling_until`,
          consecutiveFailures: sql`excluded.consecutive_failures`,
          cooldowns: sql`excluded.cooldowns`,
          lastError: sql`coalesce(excluded.last_error, ${providerHealth.lastError})`,
          lastErrorAt: sql`coalesce(excluded.last_error_at, ${providerHealth.lastErrorAt})`,
          callsOk: sql`${providerHealth.callsOk} + excluded.calls_ok`,
          callsFailed: sql`${providerHealth.callsFailed} + excluded.calls_failed`,
          updatedAt: sql`now()`,
        },
      });
  }

  async load(keys: readonly string[]): Promise<Map<string, MemberState>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(providerHealth)
      .where(inArray(providerHealth.key, [...keys]));
    return new Map(
      rows.map((row) => [
        row.key,
        {
          coolingUntil: row.coolingUntil?.getTime() ?? null,
          consecutive: row.consecutiveFailures,
          cooldowns: row.cooldowns,
          lastError: row.lastError,
          lastErrorAt: row.lastErrorAt?.getTime() ?? null,
          callsOk: row.callsOk,
          callsFailed: row.callsFailed,
        },
      ]),
    );
  }
}
