import type { LlmProbeResult, LlmSettings, LlmSettingsUpdate } from '@abp/contracts';
import { badRequest } from '../../errors.js';
import { createLanguageModelProvider, type LlmConfig, probeProvider } from '../../integrations/llm/index.js';
import { originOf, secretMayMoveTo } from '../../lib/origin.js';
import type { SecretBox } from '../../lib/secret-box.js';
import {
  llmConfigProblem,
  type ResolvedLlmSettings,
  resolveLlmSettings,
  type StoredLlmSettings,
  storedLlmSettingsSchema,
  toLlmSettingsDto,
} from './llm-settings.js';
import type { SettingsRepository } from './settings.repository.js';

const KEY = 'llm';
// "Test provider" answers quickly: one attempt, a shorter wait than a long article's sections get.
const PROBE_TIMEOUT_MS = 30_000;

/** The Settings screen's language model section: saved values override the LLM_* environment. */
export class LlmSettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly env: LlmConfig,
    private readonly secretBox: SecretBox,
  ) {}

  /** The configuration generation uses now (read on every call, so every process sees a save at once). */
  async resolve(): Promise<ResolvedLlmSettings> {
    return resolveLlmSettings(this.env, (await this.load())?.value ?? null, this.unseal);
  }

  async get(): Promise<LlmSettings> {
    const saved = await this.load();
    return toLlmSettingsDto(resolveLlmSettings(this.env, saved?.value ?? null, this.unseal), saved?.updatedAt ?? null);
  }

  async update(input: LlmSettingsUpdate): Promise<LlmSettings> {
    const current = await this.load();
    const next = this.candidate(input, current?.value ?? null);
    const resolved = resolveLlmSettings(this.env, next, this.unseal);
    const problem = llmConfigProblem(resolved.config);
    if (problem) throw badRequest(problem.field, problem.message);
    const stored = await this.repo.put(KEY, next);
    return toLlmSettingsDto(resolved, stored.updatedAt);
  }

  /** Forgets everything saved in the app: the environment applies again. */
  async reset(): Promise<LlmSettings> {
    await this.repo.delete(KEY);
    return this.get();
  }

  /** Asks the saved configuration, or the unsaved form values when given, for one short answer. */
  async test(input: LlmSettingsUpdate | undefined, signal?: AbortSignal): Promise<LlmProbeResult> {
    const current = (await this.load())?.value ?? null;
    const { config } = input
      ? resolveLlmSettings(this.env, this.candidate(input, current), this.unseal)
      : resolveLlmSettings(this.env, current, this.unseal);
    const problem = llmConfigProblem(config);
    if (problem) {
      return {
        ok: false,
        provider: config.provider,
        model: config.model,
        offline: false,
        answer: null,
        kind: 'bad_request',
        error: problem.message,
        latency_ms: 0,
      };
    }
    const provider = createLanguageModelProvider(
      { ...config, timeoutMs: Math.min(config.timeoutMs, PROBE_TIMEOUT_MS) },
      { retry: { maxAttempts: 1 } },
    );
    const result = await probeProvider(provider, signal);
    return result.ok
      ? {
          ok: true,
          provider: config.provider,
          model: result.model,
          offline: result.offline,
          answer: result.answer,
          kind: null,
          error: null,
          latency_ms: result.latencyMs,
        }
      : {
          ok: false,
          provider: config.provider,
          model: result.model,
          offline: result.offline,
          answer: null,
          kind: result.kind,
          error: result.error,
          latency_ms: result.latencyMs,
        };
  }

  /**
   * The row a save would store. A blank key keeps the stored one, unless the provider changed or it
   * is cleared; a kept key must stay with the server it was entered for (else a 400 naming api_key).
   */
  private candidate(input: LlmSettingsUpdate, current: StoredLlmSettings | null): StoredLlmSettings {
    const newKey = input.api_key?.trim();
    const keepKey =
      !input.clear_api_key && current?.provider === input.provider ? (current.apiKeySealed ?? null) : null;
    if (!newKey && keepKey) this.assertKeyMayMove(current, input.base_url || null);
    return {
      provider: input.provider,
      model: input.model,
      baseUrl: input.base_url || null,
      apiKeySealed: newKey ? this.secretBox.encrypt(newKey) : keepKey,
      timeoutMs: input.timeout_ms ?? null,
      concurrency: input.concurrency ?? null,
      stream: input.stream ?? null,
    };
  }

  /**
   * The stored key was entered for the base URL in use now (saved, else the environment's, else the
   * provider's own). Another origin — a proxy, a different server — must not get it unasked.
   */
  private assertKeyMayMove(current: StoredLlmSettings | null, nextBaseUrl: string | null): void {
    const from = resolveLlmSettings(this.env, current, this.unseal).config.baseUrl;
    const to = nextBaseUrl ?? (current?.provider === this.env.provider ? this.env.baseUrl : undefined);
    if (secretMayMoveTo(from, to)) return;
    const where = (url: string | undefined) => (url ? (originOf(url) ?? url) : "the provider's own address");
    throw badRequest(
      'api_key',
      `Enter the API key again (or clear it): the base URL changed (${where(from)} → ${where(to)}), and a stored key is only sent to the server it was entered for.`,
    );
  }

  private async load(): Promise<{ value: StoredLlmSettings; updatedAt: Date } | null> {
    const row = await this.repo.get(KEY);
    if (!row) return null;
    const parsed = storedLlmSettingsSchema.safeParse(row.value);
    // A row this version cannot read is ignored rather than breaking every generation.
    return parsed.success ? { value: parsed.data, updatedAt: row.updatedAt } : null;
  }

  // A key sealed under another app secret cannot be read: it counts as not stored.
  private readonly unseal = (sealed: string): string | undefined => {
    try {
      return this.secretBox.decrypt(sealed);
    } catch {
      return undefined;
    }
  };
}
