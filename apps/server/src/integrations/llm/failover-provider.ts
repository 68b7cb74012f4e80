import type { LanguageModelProvider, ObjectRequest, ObjectResult, TextRequest, TextResult } from './language-model-provider.js';
import { isLlmError, LlmError, type LlmErrorKind } from './llm-error.js';
import { currentRefusalRouting, type RefusalRouting } from './refusal-routing.js';

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

export const DEFAULT_COOLDOWN: CooldownPolicy = { now: () => Date.now(), failuresBeforeCooldown: 2, baseMs: 30_000, maxMs: 600_000, quotaMs: 600_000 };

// What says this provider cannot answer now, so the next one should: not a request the next one
// would refuse too (bad_request), not an answer that came (bad_output), not a cancellation.
const FAILS_OVER: ReadonlySet<LlmErrorKind> = new Set(['rate_limit', 'timeout', 'network', 'server', 'auth', 'content_filter', 'unknown']);

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

  constructor(
    readonly provider: LanguageModelProvider,
    private readonly policy: CooldownPolicy,
  ) {}

  isCooling(now: number): boolean {
    return this.coolingUntil !== null && now < this.coolingUntil;
  }

  succeeded(): void {
    this.consecutive = 0;
    this.cooldowns = 0;
    this.coolingUntil = null;
    this.callsOk++;
  }

  failed(error: LlmError): void {
    const now = this.policy.now();
    this.callsFailed++;
    this.lastError = `${error.kind}: ${error.message}`.slice(0, 500);
    this.lastErrorAt = now;
    // Calls that were already under way when it started cooling down do not lengthen the pause.
    if (this.isCooling(now)) return;
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

  private coolFor(now: number, ms: number): void {
    this.coolingUntil = now + ms;
    this.cooldowns++;
    this.consecutive = 0;
  }

  health(now: number): MemberHealth {
    const state = this.isCooling(now) ? 'cooling_down' : this.consecutive > 0 || this.cooldowns > 0 ? 'failing' : 'healthy';
    return {
      provider: this.provider.providerId,
      model: this.provider.model,
      state,
      coolingUntil: state === 'cooling_down' ? this.coolingUntil : null,
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt,
      callsOk: this.callsOk,
      callsFailed: this.callsFailed,
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

  health(): MemberHealth[] {
    const now = this.policy.now();
    return this.members.map((member) => member.health(now));
  }

  generateText(request: TextRequest): Promise<TextResult> {
    return this.run(request, (provider) => provider.generateText(request));
  }

  generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResult<T>> {
    return this.run(request, (provider) => provider.generateObject(request));
  }

  private async run<R>(request: TextRequest, call: (provider: LanguageModelProvider) => Promise<R>): Promise<R> {
    let lastError: unknown = null;
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
        if (isLlmError(error) && error.kind === 'bad_output') routing?.answeredBy(member, `${member.provider.providerId}/${member.provider.model}`);
        if (request.signal?.aborted || !isLlmError(error) || !FAILS_OVER.has(error.kind)) throw error;
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
