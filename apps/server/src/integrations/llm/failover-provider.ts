import type {
  LanguageModelProvider,
  ObjectRequest,
  ObjectResult,
  TextRequest,
  TextResult,
} from './language-model-provider.js';
import { isLlmError, LlmError, type LlmErrorKind } from './llm-error.js';
import { currentRefusalRouting, type RefusalRouting } from './refusal-routing.js';
import { generateObjectRepaired, isRefusalAnswer } from './structured-repair.js';

/** How long a failing provider is skipped. */
export interface CooldownPolicy {
  now: () => number;
  /** After this many failures in a row of a transient kind (5xx, timeout, network, filter) it cools down. */
  failuresBeforeCooldown: number;
  /** The first cool-down; doubled with every further failure, up to maxMs. */
  baseMs: number;
  maxMs: number;
  /** A spent quota or a refused key will not come back soon. */
  quotaMs: number;
}

export const DEFAULT_COOLDOWN: CooldownPolicy = {
  now: () => Date.now(),
  failuresBeforeCooldown: 2,
  baseMs: 30_000,
  maxMs: 600_000,
  quotaMs: 600_000,
};

// What says this provider cannot answer now, so the next one should: not a request the next one
// would refuse too (bad_request), not an answer that came (bad_output), not a cancellation.
const FAILS_OVER: ReadonlySet<LlmErrorKind> = new Set([
  'rate_limit',
  'timeout',
  'network',
  'server',
  'auth',
  'content_filter',
  'unknown',
]);

/** What a member knows about its provider: kept in memory, and shared through a store by every process. */
export interface MemberState {
  coolingUntil: number | null;
  consecutive: number;
  cooldowns: number;
  lastError: string | null;
  lastErrorAt: number | null;
  callsOk: number;
  callsFailed: number;
}

/**
 * Where members keep their state for every process of the app (the database): a cool-down one
 * worker starts holds for the others, and the web process shows what the workers met.
 */
export interface SharedHealthStore {
  /** One call's outcome: the member's state after it, and one more ok or failed call. */
  record(
    key: string,
    identity: { provider: string; model: string },
    state: MemberState,
    outcome: 'ok' | 'failed',
  ): Promise<void>;
  load(keys: readonly string[]): Promise<Map<string, MemberState>>;
}

/** How often a chain reads the cool-downs other processes started (at most). */
export const SHARED_HEALTH_SYNC_MS = 5000;

export interface MemberHealth {
  provider: string;
  model: string;
  state: 'healthy' | 'cooling_down' | 'failing';
  coolingUntil: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  callsOk: number;
  callsFailed: number;
}

/**
 * One provider with its health: shared by every chain it is part of (the default chain and the
 * lists blog configurations choose), so a cool-down holds wherever it is used.
 */
export class ChainMember {
  /** Failures since the last success (shown as "failing"). */
  private consecutive = 0;
  /** Cool-downs in a row since the last success: each one twice as long as the one before. */
  private cooldowns = 0;
  coolingUntil: number | null = null;
  lastError: string | null = null;
  lastErrorAt: number | null = null;
  callsOk = 0;
  callsFailed = 0;
  /** The store writes of this member, in order. */
  private pending: Promise<void> = Promise.resolve();

  /** `shared`: the store every process uses and this provider's key in it. */
  constructor(
    readonly provider: LanguageModelProvider,
    private readonly policy: CooldownPolicy,
    readonly shared?: { store: SharedHealthStore; key: string },
  ) {}

  isCooling(now: number): boolean {
    return this.coolingUntil !== null && now < this.coolingUntil;
  }

  succeeded(): void {
    this.consecutive = 0;
    this.cooldowns = 0;
    this.coolingUntil = null;
    this.callsOk++;
    this.share('ok');
  }

  failed(error: LlmError): void {
    const now = this.policy.now();
    this.callsFailed++;
    this.lastError = `${error.kind}: ${error.message}`.slice(0, 500);
    this.lastErrorAt = now;
    // Calls that were already under way when it started cooling down do not lengthen the pause.
    if (!this.isCooling(now)) this.countFailure(now, error);
    this.share('failed');
  }

  private countFailure(now: number, error: LlmError): void {
    this.consecutive++;
    const { policy } = this;
    if (error.kind === 'auth' || (error.kind === 'rate_limit' && !error.retryable)) {
      this.coolFor(now, policy.quotaMs);
    } else if (error.kind === 'rate_limit' && error.retryAfterSeconds !== undefined) {
      // The server said when to come back.
      this.coolFor(now, Math.min(policy.maxMs, Math.max(1000, error.retryAfterSeconds * 1000)));
    } else if (error.kind === 'rate_limit' || this.consecutive >= policy.failuresBeforeCooldown) {
      this.coolFor(now, Math.min(policy.maxMs, policy.baseMs * 2 ** this.cooldowns));
    }
  }

  /** Takes on a cool-down another process started (a later one than this process knows of). */
  adopt(state: MemberState): void {
    if (state.coolingUntil === null || (this.coolingUntil ?? 0) >= state.coolingUntil) return;
    this.coolingUntil = state.coolingUntil;
    this.cooldowns = Math.max(this.cooldowns, state.cooldowns);
    this.lastError = state.lastError;
    this.lastErrorAt = state.lastErrorAt;
  }

  /** Resolves when this member's outcomes so far are in the store. */
  flush(): Promise<void> {
    return this.pending;
  }

  private state(): MemberState {
    const { coolingUntil, consecutive, cooldowns, lastError, lastErrorAt, callsOk, callsFailed } = this;
    return { coolingUntil, consecutive, cooldowns, lastError, lastErrorAt, callsOk, callsFailed };
  }

  private share(outcome: 'ok' | 'failed'): void {
    const { shared } = this;
    if (!shared) return;
    const state = this.state();
    const identity = { provider: this.provider.providerId, model: this.provider.model };
    // Health reporting never fails a call: a store that cannot be written leaves this process's view.
    this.pending = this.pending
      .then(() => shared.store.record(shared.key, identity, state, outcome))
      .catch(() => undefined);
  }

  private coolFor(now: number, ms: number): void {
    this.coolingUntil = now + ms;
    this.cooldowns++;
    this.consecutive = 0;
  }

  /** Its health at `now`: as every process saw it when `shared` is given, else as this one did. */
  health(now: number, shared?: MemberState): MemberHealth {
    const known = shared ?? this.state();
    const cooling = known.coolingUntil !== null && now < known.coolingUntil;
    const state = cooling ? 'cooling_down' : known.consecutive > 0 || known.cooldowns > 0 ? 'failing' : 'healthy';
    return {
      provider: this.provider.providerId,
      model: this.provider.model,
      state,
      coolingUntil: cooling ? known.coolingUntil : null,
      lastError: known.lastError,
      lastErrorAt: known.lastErrorAt,
      callsOk: known.callsOk,
      callsFailed: known.callsFailed,
    };
  }
}

/**
 * An ordered list of providers acting as one (issue #16 part 3). A call goes to the first that is
 * not cooling down; a rate limit, a spent quota, a refused key, a 5xx, a timeout, a dropped
 * connection or the provider's content filter sends it on to the next; a step that a provider
 * refused in words more than once goes on to the next too (see RefusalRouting). A provider that keeps
 * failing is skipped for a cool-down (what its Retry-After asked, else growing from 30 s to 10
 * min), then tried again. When every provider is cooling down, the one free soonest is tried.
 */
export class FailoverProvider implements LanguageModelProvider {
  readonly isOffline = false;
  private readonly members: readonly ChainMember[];

  /** `members`: providers, or members shared with other chains. */
  constructor(
    members: readonly (LanguageModelProvider | ChainMember)[],
    private readonly policy: CooldownPolicy = DEFAULT_COOLDOWN,
  ) {
    if (members.length === 0) throw new Error('a failover chain needs a provider');
    this.members = members.map((member) => (member instanceof ChainMember ? member : new ChainMember(member, policy)));
  }

  /** The first provider's: what the chain is named after. */
  get providerId() {
    return this.members[0]!.provider.providerId;
  }
  get model() {
    return this.members[0]!.provider.model;
  }

  /** Each member's health as every process saw it (as this one did, for members without a store). */
  async health(): Promise<MemberHealth[]> {
    const shared = await this.loadShared(true).catch(() => new Map<string, MemberState>());
    const now = this.policy.now();
    return this.members.map((member) => member.health(now, member.shared ? shared.get(member.shared.key) : undefined));
  }

  private lastSync = Number.NEGATIVE_INFINITY;

  /** Takes on the cool-downs other processes started, read at most every SHARED_HEALTH_SYNC_MS. */
  private async syncShared(): Promise<void> {
    const now = this.policy.now();
    if (now - this.lastSync < SHARED_HEALTH_SYNC_MS && now >= this.lastSync) return;
    this.lastSync = now;
    const shared = await this.loadShared(false).catch(() => new Map<string, MemberState>());
    for (const member of this.members) {
      const state = member.shared ? shared.get(member.shared.key) : undefined;
      if (state) member.adopt(state);
    }
  }

  private async loadShared(flush: boolean): Promise<Map<string, MemberState>> {
    const withStore = this.members.filter((member) => member.shared);
    if (withStore.length === 0) return new Map();
    if (flush) await Promise.all(withStore.map((member) => member.flush()));
    return withStore[0]!.shared!.store.load(withStore.map((member) => member.shared!.key));
  }

  generateText(request: TextRequest): Promise<TextResult> {
    return this.run(request, (provider) => provider.generateText(request));
  }

  generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResult<T>> {
    // Issue #37 point 6: each member's unusable answer is repaired or asked for once more; a member
    // that answered twice outside the structure leaves the answer to the next before the step fails.
    // A step that handles refusals itself (the article engine's, under a RefusalRouting) gets them as they are.
    const leaveRefusals = currentRefusalRouting() !== undefined;
    return this.run(request, (provider) => generateObjectRepaired(provider, request, { leaveRefusals }), true);
  }

  private async run<R>(
    request: TextRequest,
    call: (provider: LanguageModelProvider) => Promise<R>,
    badOutputFailsOver = false,
  ): Promise<R> {
    let lastError: unknown = null;
    await this.syncShared();
    const routing = currentRefusalRouting();
    routing?.joinChain(this.members);
    for (const member of this.order(routing)) {
      try {
        const result = await call(member.provider);
        member.succeeded();
        routing?.answeredBy(member, `${member.provider.providerId}/${member.provider.model}`);
        return result;
      } catch (error) {
        // An answer that could not be read (a refusal in words where JSON was asked) was an answer.
        if (isLlmError(error) && error.kind === 'bad_output')
          routing?.answeredBy(member, `${member.provider.providerId}/${member.provider.model}`);
        if (request.signal?.aborted || !isLlmError(error)) throw error;
        // An unusable structured answer is the model's, not an outage: the next member is asked, nobody cools down.
        if (badOutputFailsOver && error.kind === 'bad_output' && !(routing && isRefusalAnswer(error))) {
          lastError = error;
          continue;
        }
        if (!FAILS_OVER.has(error.kind)) throw error;
        member.failed(error);
        lastError = error;
      }
    }
    throw lastError ?? new LlmError('unknown', 'No provider could be tried', { retryable: false });
  }

  /**
   * The providers to try, in order: those not cooling down; when all are, the one free soonest.
   * Members the step passed over after repeated refusals are left out.
   */
  private order(routing: RefusalRouting | undefined): ChainMember[] {
    const now = this.policy.now();
    const wanted = routing ? this.members.filter((member) => !routing.avoids(member)) : this.members;
    const pool = wanted.length > 0 ? wanted : this.members;
    const ready = pool.filter((member) => !member.isCooling(now));
    if (ready.length > 0) return ready;
    return [[...pool].sort((a, b) => (a.coolingUntil ?? 0) - (b.coolingUntil ?? 0))[0]!];
  }
}
