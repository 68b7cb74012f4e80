import { AiSdkProvider, type AiSdkProviderOptions } from './ai-sdk-provider.js';
import type { LanguageModelProvider } from './language-model-provider.js';
import { type LlmConfigInput, llmConfigSchema } from './llm-config.js';
import { isLlmError, type LlmErrorKind } from './llm-error.js';
import { OfflineWriterProvider } from './offline/offline-provider.js';

export interface ProviderOptions extends AiSdkProviderOptions {
  /** The offline writer's pause per answer (LLM_OFFLINE_DELAY_MS); 0 or unset: none. */
  offlineDelayMs?: number;
}

/** The one entry point: a validated config in, a ready provider out. */
export function createLanguageModelProvider(
  input: LlmConfigInput,
  options: ProviderOptions = {},
): LanguageModelProvider {
  const config = llmConfigSchema.parse(input);
  if (config.provider === 'offline') return new OfflineWriterProvider({ delayMs: options.offlineDelayMs ?? 0 });
  return new AiSdkProvider({ ...config, provider: config.provider }, options);
}

export type ProviderProbeResult =
  | { ok: true; provider: string; model: string; offline: boolean; answer: string; latencyMs: number }
  | {
      ok: false;
      provider: string;
      model: string;
      offline: boolean;
      kind: LlmErrorKind;
      error: string;
      latencyMs: number;
    };

/** For the Settings screen's "Test provider": a short live answer, or the exact classified error. */
export async function probeProvider(
  provider: LanguageModelProvider,
  signal?: AbortSignal,
): Promise<ProviderProbeResult> {
  const started = performance.now();
  const identity = { provider: provider.providerId, model: provider.model, offline: provider.isOffline };
  try {
    const result = await provider.generateText({
      prompt: 'Reply with one short sentence confirming that you can write blog articles.',
      maxTokens: 60,
      signal,
    });
    return {
      ok: true,
      ...identity,
      answer: result.text.trim().slice(0, 500),
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const kind = isLlmError(error) ? error.kind : 'unknown';
    return {
      ok: false,
      ...identity,
      kind,
      error: error instanceof Error ? error.message : String(error),
      latencyMs: Math.round(performance.now() - started),
    };
  }
}
