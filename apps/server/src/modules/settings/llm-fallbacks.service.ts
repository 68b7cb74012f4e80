import { randomUUID } from 'node:crypto';
import type { FallbackProviders, FallbackProvidersUpdate } from '@abp/contracts';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { DEFAULT_MODELS, type LlmConfig, llmConfigSchema } from '../../integrations/llm/index.js';
import { originOf, secretMayMoveTo } from '../../lib/origin.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { llmConfigProblem } from './llm-settings.js';
import type { SettingsRepository } from './settings.repository.js';

const KEY = 'llm-fallbacks';
const storedSchema = z.object({
  fallbacks: z.array(
    z.object({
      id: z.string(),
      provider: z.enum(['openai', 'anthropic', 'google', 'openai-compatible']),
      model: z.string(),
      baseUrl: z.string().nullable(),
      apiKeySealed: z.string().nullable(),
      concurrency: z.number().int(),
    }),
  ),
});
type StoredFallback = z.infer<typeof storedSchema>['fallbacks'][number];

/**
 * Settings → Fallback providers (issue #16 part 3): the ordered providers a call goes on to when
 * the main one (Settings → Language model) cannot answer. Keys are sealed and never shown again;
 * a saved key stays with the provider and server it was entered for.
 */
export class LlmFallbacksService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly secretBox: SecretBox,
    /** The main provider's timeout applies to the fallbacks too. */
    private readonly timeoutMs: () => Promise<number>,
  ) {}

  async get(): Promise<FallbackProviders> {
    return {
      fallbacks: (await this.load()).map((entry) => ({
        id: entry.id,
        provider: entry.provider,
        model: entry.model || DEFAULT_MODELS[entry.provider],
        base_url: entry.baseUrl,
        has_api_key: entry.apiKeySealed !== null,
        concurrency: entry.concurrency,
      })),
    };
  }

  async update(input: FallbackProvidersUpdate): Promise<FallbackProviders> {
    const saved = new Map((await this.load()).map((entry) => [entry.id, entry]));
    const next: StoredFallback[] = input.fallbacks.map((entry, index) => {
      const provider = entry.provider as StoredFallback['provider'];
      const baseUrl = entry.base_url || null;
      const newKey = entry.api_key?.trim();
      const earlier = entry.id ? saved.get(entry.id) : undefined;
      let apiKeySealed = newKey ? this.secretBox.encrypt(newKey) : null;
      if (!newKey && earlier?.apiKeySealed && earlier.provider === provider) {
        // A kept key goes only to the server it was entered for.
        if (!secretMayMoveTo(earlier.baseUrl ?? undefined, baseUrl ?? undefined)) {
          throw badRequest(
            `fallbacks.${index}.api_key`,
            `enter the API key again: the base URL changed (${originOf(earlier.baseUrl ?? '') ?? 'the provider’s own'} → ${originOf(baseUrl ?? '') ?? 'the provider’s own'})`,
          );
        }
        apiKeySealed = earlier.apiKeySealed;
      }
      const stored = {
        id: earlier?.id ?? randomUUID(),
        provider,
        model: entry.model,
        baseUrl,
        apiKeySealed,
        concurrency: entry.concurrency,
      };
      const problem = llmConfigProblem(this.toConfig(stored, 1000));
      if (problem) throw badRequest(`fallbacks.${index}.${problem.field}`, problem.message);
      return stored;
    });
    await this.repo.put(KEY, { fallbacks: next });
    return this.get();
  }

  /** The fallbacks as provider configurations, in order (a key sealed under another secret counts as none). */
  async configs(): Promise<{ id: string; config: LlmConfig }[]> {
    const entries = await this.load();
    if (entries.length === 0) return [];
    const timeoutMs = await this.timeoutMs();
    return entries.map((entry) => ({ id: entry.id, config: this.toConfig(entry, timeoutMs) }));
  }

  /** The ids a provider list may name: 'main', then the fallbacks'. */
  async providerIds(): Promise<string[]> {
    return ['main', ...(await this.load()).map((entry) => entry.id)];
  }

  private toConfig(entry: StoredFallback, timeoutMs: number): LlmConfig {
    return llmConfigSchema.parse({
      provider: entry.provider,
      model: entry.model,
      apiKey: entry.apiKeySealed ? this.unseal(entry.apiKeySealed) : undefined,
      baseUrl: entry.baseUrl ?? undefined,
      timeoutMs,
      concurrency: entry.concurrency,
    });
  }

  private async load(): Promise<StoredFallback[]> {
    const row = await this.repo.get(KEY);
    const parsed = storedSchema.safeParse(row?.value);
    return parsed.success ? parsed.data.fallbacks : [];
  }

  private unseal(sealed: string): string | undefined {
    try {
      return this.secretBox.decrypt(sealed);
    } catch {
      return undefined;
    }
  }
}
