import { createHash } from 'node:crypto';
import { createLanguageModelProvider, type LanguageModelProvider, type LlmConfig, type ProviderOptions } from '../../integrations/llm/index.js';
import { MeteredProvider, type UsageMeter } from '../usage/metered-provider.js';

export interface LlmConfigSource {
  resolve(): Promise<{ config: LlmConfig }>;
}

/**
 * Hands every generation the provider for the current configuration. One instance per
 * configuration, so its concurrency limit holds across all articles being written at once;
 * a new one is built when the settings change.
 */
export class LlmProviderRegistry {
  private cached: { fingerprint: string; provider: LanguageModelProvider } | null = null;
  private options: ProviderOptions = {};

  /** `meter`: every call of a remote model goes to the usage ledger (the offline writer costs nothing and is not metered). */
  constructor(
    private readonly source: LlmConfigSource,
    private readonly meter?: UsageMeter,
  ) {}

  /** Retry policy and observers for remote providers (tests use instant retries); the offline writer's delay. */
  set providerOptions(options: ProviderOptions) {
    this.options = options;
    this.cached = null;
  }

  /** Throws LlmError (kind bad_request) when the configuration cannot make a provider. */
  async current(): Promise<LanguageModelProvider> {
    const { config } = await this.source.resolve();
    const fingerprint = fingerprintOf(config);
    if (this.cached?.fingerprint === fingerprint) return this.cached.provider;
    const created = createLanguageModelProvider(config, this.options);
    const provider = this.meter && !created.isOffline ? new MeteredProvider(created, this.meter) : created;
    this.cached = { fingerprint, provider };
    return provider;
  }
}

// The key is hashed so the fingerprint kept in memory is not a second copy of the secret.
function fingerprintOf(config: LlmConfig): string {
  const keyHash = config.apiKey ? createHash('sha256').update(config.apiKey).digest('hex') : '';
  return JSON.stringify({ ...config, apiKey: keyHash });
}
