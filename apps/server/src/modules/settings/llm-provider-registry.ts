import { createHash } from 'node:crypto';
import {
  ChainMember,
  type CooldownPolicy,
  createLanguageModelProvider,
  DEFAULT_COOLDOWN,
  FailoverProvider,
  type LanguageModelProvider,
  type LlmConfig,
  type MemberHealth,
  type ProviderOptions,
  type SharedHealthStore,
} from '../../integrations/llm/index.js';

/**
 * Wraps a remote model's provider so each call lands in the usage ledger (the usage module's
 * MeteredProvider, given by container.ts: settings does not import usage, which reads settings rows).
 */
export type ProviderMeter = (provider: LanguageModelProvider) => LanguageModelProvider;

export interface LlmConfigSource {
  resolve(): Promise<{ config: LlmConfig }>;
}

/** The fallback providers after the main one (Settings → Fallback providers), in order, by id. */
export interface FallbackSource {
  configs(): Promise<{ id: string; config: LlmConfig }[]>;
}

/** The main provider's id in a provider list ('main', then fallback ids). */
export const MAIN_PROVIDER_ID = 'main';

/**
 * Hands every generation the provider for the current configuration: the default chain (the main
 * provider, then the fallbacks), or the list a blog configuration chose. One instance per provider
 * configuration, shared by every chain, so its concurrency limit and its health hold across all
 * articles being written at once; new ones are built when the settings change.
 */
export class LlmProviderRegistry {
  private members = new Map<string, ChainMember | LanguageModelProvider>();
  private chains = new Map<string, LanguageModelProvider>();
  private options: ProviderOptions = {};
  private cooldown: CooldownPolicy = DEFAULT_COOLDOWN;

  /**
   * `meter`: every call of a remote model goes to the usage ledger (the offline writer costs nothing
   * and is not metered); `healthStore`: where providers' health is shared with the other processes;
   * `options`: the providers' retry policy and observers, the offline writer's delay.
   */
  constructor(
    private readonly source: LlmConfigSource,
    private readonly meter?: ProviderMeter,
    private readonly fallbacks?: FallbackSource,
    private readonly healthStore?: SharedHealthStore,
    options: ProviderOptions = {},
  ) {
    this.options = options;
  }

  /** Retry policy and observers for remote providers (tests use instant retries); the offline writer's delay. */
  set providerOptions(options: ProviderOptions) {
    this.options = options;
    this.forget();
  }

  /** How long failing providers of a chain are skipped (tests use a clock of their own). */
  set cooldownPolicy(policy: CooldownPolicy) {
    this.cooldown = policy;
    this.forget();
  }

  /**
   * The chain for `selection` (ids of providers: 'main', fallback ids; in order), or the default
   * chain. Ids that no longer exist are left out; none left means the default chain.
   * Throws LlmError (kind bad_request) when the configuration cannot make a provider.
   */
  async current(selection?: readonly string[] | null): Promise<LanguageModelProvider> {
    const { config } = await this.source.resolve();
    // The offline writer never fails and is never a fallback: fallbacks apply to a real model.
    const fallbacks = config.provider === 'offline' ? [] : ((await this.fallbacks?.configs()) ?? []);
    const all = [{ id: MAIN_PROVIDER_ID, config }, ...fallbacks];
    const chosen = selection?.length
      ? selection.map((id) => all.find((entry) => entry.id === id)).filter((entry) => entry !== undefined)
      : [];
    const configs = (chosen.length > 0 ? chosen : all).map((entry) => entry.config);
    const key = JSON.stringify(configs.map(fingerprintOf));
    let chain = this.chains.get(key);
    if (!chain) {
      chain = this.build(configs);
      this.chains.set(key, chain);
    }
    return chain;
  }

  /** Each provider of the default chain, as every process saw it (none for the offline writer). */
  async health(): Promise<MemberHealth[]> {
    const provider = await this.current();
    return provider instanceof FailoverProvider ? provider.health() : [];
  }

  private build(configs: readonly LlmConfig[]): LanguageModelProvider {
    const members = configs.map((memberConfig, index) => {
      // In a chain a provider fails over at once instead of waiting out its own retries; the last
      // keeps them (so one provider may have two members: as a fallback, and last of a list).
      const last = index === configs.length - 1;
      const memberKey = `${fingerprintOf(memberConfig)}${last ? ':last' : ''}`;
      let member = this.members.get(memberKey);
      if (!member) {
        const options = last ? this.options : { ...this.options, retry: { ...this.options.retry, maxAttempts: 1 } };
        const created = createLanguageModelProvider(memberConfig, options);
        // Its health is kept under the provider's configuration, whatever its place in a chain.
        const shared = this.healthStore
          ? { store: this.healthStore, key: createHash('sha256').update(fingerprintOf(memberConfig)).digest('hex') }
          : undefined;
        member = created.isOffline
          ? created
          : new ChainMember(this.meter ? this.meter(created) : created, this.cooldown, shared);
        this.members.set(memberKey, member);
      }
      return member;
    });
    // A real model is always a chain (of one without fallbacks), so its health is known.
    const first = members[0]!;
    return first instanceof ChainMember
      ? new FailoverProvider(
          members.filter((member) => member instanceof ChainMember),
          this.cooldown,
        )
      : first;
  }

  private forget(): void {
    this.members = new Map();
    this.chains = new Map();
  }
}

// The key is hashed so the fingerprint kept in memory is not a second copy of the secret.
function fingerprintOf(config: LlmConfig): string {
  const keyHash = config.apiKey ? createHash('sha256').update(config.apiKey).digest('hex') : '';
  return JSON.stringify({ ...config, apiKey: keyHash });
}
