import { generateText, type LanguageModel, type LanguageModelUsage, Output, streamText } from 'ai';
import PQueue from 'p-queue';
import { classifyLlmError } from './classify-llm-error.js';
import type {
  LanguageModelProvider,
  ObjectRequest,
  ObjectResult,
  TextRequest,
  TextResult,
} from './language-model-provider.js';
import type { LlmConfig } from './llm-config.js';
import { LlmError } from './llm-error.js';
import { createChatModel, type RemoteProviderId } from './model-factory.js';
import { LLM_TRANSPORT_RETRY, type RetryObserver, type RetryPolicy, withRetry } from './retry.js';

interface RawAnswer<T> {
  value: T;
  finishReason: string;
  usage: LanguageModelUsage | undefined;
}

export interface AiSdkProviderOptions {
  retry?: Partial<RetryPolicy>;
  observer?: RetryObserver;
  /** For tests that need to wrap the SDK model; normally built from the config. */
  model?: LanguageModel;
}

/**
 * A remote model through the AI SDK. Adds what the SDK leaves to us: a per-call timeout, error
 * classification, retries that honour Retry-After, and a concurrency limit per provider.
 */
export class AiSdkProvider implements LanguageModelProvider {
  readonly isOffline = false;
  readonly providerId: RemoteProviderId;
  readonly model: string;
  private readonly chatModel: LanguageModel;
  private readonly queue: PQueue;
  private readonly retryPolicy: RetryPolicy;

  constructor(
    private readonly config: LlmConfig & { provider: RemoteProviderId },
    private readonly options: AiSdkProviderOptions = {},
  ) {
    this.providerId = config.provider;
    this.chatModel = options.model ?? createChatModel(config);
    this.model = typeof this.chatModel === 'string' ? this.chatModel : this.chatModel.modelId;
    this.queue = new PQueue({ concurrency: config.concurrency });
    this.retryPolicy = { ...LLM_TRANSPORT_RETRY, ...options.retry };
  }

  /** Calls waiting for a slot, for diagnostics and tests. */
  get pendingCalls(): number {
    return this.queue.size + this.queue.pending;
  }

  async generateText(request: TextRequest): Promise<TextResult> {
    const { value, finishReason, usage, modelMs, transportAttempts } = await this.run(request, (signal) =>
      this.config.stream ? this.streamTextOnce(request, signal) : this.textOnce(request, signal),
    );
    if (!value.trim())
      throw new LlmError('bad_output', 'The model returned an empty answer', {
        retryable: false,
        rawText: value,
        usage: toUsage(usage),
      });
    return { text: value, finishReason, usage: toUsage(usage), modelMs, transportAttempts };
  }

  async generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResult<T>> {
    const { value, finishReason, usage, modelMs, transportAttempts } = await this.run(request, (signal) =>
      this.objectOnce(request, signal),
    );
    return { object: value, finishReason, usage: toUsage(usage), modelMs, transportAttempts };
  }

  /** One logical call: queued for a slot, timed, classified, retried with the slot released between tries. */
  private async run<T>(request: TextRequest, once: (signal: AbortSignal) => Promise<RawAnswer<T>>) {
    let modelMs = 0;
    let context = { timedOut: false, aborted: false };
    const { value, attempts } = await withRetry(
      () =>
        this.queue.add(
          async () => {
            const timer = AbortSignal.timeout(this.config.timeoutMs);
            const signal = request.signal ? AbortSignal.any([request.signal, timer]) : timer;
            context = { timedOut: false, aborted: false };
            const started = performance.now();
            try {
              const answer = await once(signal);
              if (answer.finishReason === 'content-filter') {
                throw new LlmError('content_filter', 'The provider stopped the answer with its content filter', {
                  retryable: false,
                  usage: toUsage(answer.usage),
                });
              }
              return answer;
            } catch (error) {
              context = {
                timedOut: timer.aborted && !request.signal?.aborted,
                aborted: request.signal?.aborted ?? false,
              };
              throw error;
            } finally {
              modelMs = performance.now() - started;
            }
          },
          { signal: request.signal },
        ),
      (error) => classifyLlmError(error, context),
      this.retryPolicy,
      request.signal,
      this.options.observer,
    );
    return { ...value, modelMs, transportAttempts: attempts };
  }

  private settings(request: TextRequest, signal: AbortSignal) {
    return {
      model: this.chatModel,
      system: request.system,
      prompt: request.prompt,
      abortSignal: signal,
      maxOutputTokens: request.maxTokens,
      temperature: request.temperature,
      // Retries are ours: the SDK's would ignore our classification and our concurrency slot.
      maxRetries: 0,
    };
  }

  private async textOnce(request: TextRequest, signal: AbortSignal): Promise<RawAnswer<string>> {
    const result = await generateText(this.settings(request, signal));
    return { value: result.text, finishReason: result.finishReason, usage: result.usage };
  }

  private async streamTextOnce(request: TextRequest, signal: AbortSignal): Promise<RawAnswer<string>> {
    // onError keeps the SDK from logging; the error part below is thrown to our classifier instead.
    const result = streamText({ ...this.settings(request, signal), onError: () => undefined });
    let text = '';
    let finishReason = 'unknown';
    let usage: LanguageModelUsage | undefined;
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') text += part.text;
      else if (part.type === 'error') throw part.error;
      else if (part.type === 'abort')
        throw signal.reason ?? new LlmError('aborted', 'The stream was aborted', { retryable: false });
      else if (part.type === 'finish') {
        finishReason = part.finishReason;
        usage = part.totalUsage;
      }
    }
    return { value: text, finishReason, usage };
  }

  private async objectOnce<T>(request: ObjectRequest<T>, signal: AbortSignal): Promise<RawAnswer<T>> {
    const result = await generateText({
      ...this.settings(request, signal),
      output: Output.object({ schema: request.schema, name: request.schemaName }),
    });
    return { value: result.output, finishReason: result.finishReason, usage: result.usage };
  }
}

function toUsage(usage: LanguageModelUsage | undefined): TextResult['usage'] {
  return { inputTokens: usage?.inputTokens, outputTokens: usage?.outputTokens };
}
