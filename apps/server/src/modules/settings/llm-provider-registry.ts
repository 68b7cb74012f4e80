import { createHash } from 'node:crypto';
import { createLanguageModelProvider, type LanguageModelProvider, type LlmConfig, type ProviderOptions } from '../../integrations/llm/index.js';

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

  constructor(private readonly source: LlmConfigSource) {}

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
    const provider = createLanguageModelProvider(config, this.options);
    this.cached = { fingerprint, provider };
    return provider;
  }
}

// The key is hashed so the fingerprint kept in memory is not a second copy of the secret.
function fingerprintOf(config: LlmConfig): string {
  const keyHash = config.apiKey ? createHash('sha256').update(config.apiKey).digest('hex') : '';
  return JSON.stringify({ ...config, apiKey: keyHash });
}
