import { createHash } from 'node:crypto';
import {
  createLanguageModelProvider,
  DEFAULT_COOLDOWN,
  FailoverProvider,
  type CooldownPolicy,
  type LanguageModelProvider,
  type LlmConfig,
  type MemberHealth,
  type ProviderOptions,
} from '../../integrations/llm/index.js';
import { MeteredProvider, type UsageMeter } from '../usage/metered-provider.js';

export interface LlmConfigSource {
  resolve(): Promise<{ config: LlmConfig }>;
}

/** The fallback providers after the main one (Settings → Fallback providers), in order. */
export interface FallbackSource {
  configs(): Promise<LlmConfig[]>;
}

/**
 * Hands every generation the provider for the current configuration. One instance per
 * configuration, so its concurrency limit holds across all articles being written at once;
 * a new one is built when the settings change. With fallbacks, it is a failover chain whose
 * members are metered one by one, so the ledger names the provider that actually answered.
 */
export class LlmProviderRegistry {
  private cached: { fingerprint: string; provider: LanguageModelProvider; chain: FailoverProvider | null } | null = null;
  private options: ProviderOptions = {};
  private cooldown: CooldownPolicy = DEFAULT_COOLDOWN;

  /** `meter`: every call of a remote model goes to the usage ledger (the offline writer costs nothing and is not metered). */
  constructor(
    private readonly source: LlmConfigSource,
    private readonly meter?: UsageMeter,
    private readonly fallbacks?: FallbackSource,
  ) {}

  /** Retry policy and observers for remote providers (tests use instant retries); the offline writer's delay. */
  set providerOptions(options: ProviderOptions) {
    this.options = options;
    this.cached = null;
  }

  /** How long failing providers of a chain are skipped (tests use a clock of their own). */
  set cooldownPolicy(policy: CooldownPolicy) {
    this.cooldown = policy;
    this.cached = null;
  }

  /** Throws LlmError (kind bad_request) when the configuration cannot make a provider. */
  async current(): Promise<LanguageModelProvider> {
    const { config } = await this.source.resolve();
    // The offline writer never fails and is never a fallback: fallbacks apply to a real model.
    const fallbacks = config.provider === 'offline' ? [] : ((await this.fallbacks?.configs()) ?? []);
    const fingerprint = JSON.stringify([config, ...fallbacks].map(fingerprintOf));
    if (this.cached?.fingerprint === fingerprint) return this.cached.provider;
    const configs = [config, ...fallbacks];
    const members = configs.map((memberConfig, index) => {
      // In a chain a provider fails over at once instead of waiting out its own retries; the last keeps them.
      const last = index === configs.length - 1;
      const options = last ? this.options : { ...this.options, retry: { ...this.options.retry, maxAttempts: 1 } };
      const created = createLanguageModelProvider(memberConfig, options);
      return this.meter && !created.isOffline ? new MeteredProvider(created, this.meter) : created;
    });
    // A real model is always a chain (of one without fallbacks), so its health is known.
    const chain = members[0]!.isOffline ? null : new FailoverProvider(members, this.cooldown);
    const provider = chain ?? members[0]!;
    this.cached = { fingerprint, provider, chain };
    return provider;
  }

  /** Each provider of the chain in use, as this process saw it (none for the offline writer). */
  async health(): Promise<MemberHealth[]> {
    await this.current();
    return this.cached?.chain?.health() ?? [];
  }
}

// The key is hashed so the fingerprint kept in memory is not a second copy of the secret.
function fingerprintOf(config: LlmConfig): string {
  const keyHash = config.apiKey ? createHash('sha256').update(config.apiKey).digest('hex') : '';
  return JSON.stringify({ ...config, apiKey: keyHash });
}
