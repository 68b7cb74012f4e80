import type { z } from 'zod';
import { AppError } from '../../../errors.js';
import { isLlmError, type LanguageModelProvider } from '../../../integrations/llm/index.js';
import { withUsageScope } from '../../usage/usage-scope.js';
import type { SeoProviders } from './ports.js';

const SYSTEM =
  'You are an experienced SEO strategist. Answer only with the requested JSON structure, in English, without commentary.';

export interface StructuredRequest<T> {
  schema: z.ZodType<T>;
  schemaName: string;
  prompt: string;
  maxTokens?: number;
  /** The project the step works for: its calls count towards the project (and its site) in the usage ledger. */
  project: { id: number; siteId: number | null };
}

/** 'offline' when the built-in writer is in use and the step's deterministic builder answered. */
export type StructuredResult<T, O> = { source: 'model'; value: T } | { source: 'offline'; value: O };

/**
 * The model steps of the SEO suite. With the offline writer in use, each step's deterministic
 * builder answers instead (the offline writer itself only knows article outlines). A real
 * model's failure is reported, never hidden behind placeholder output: as a 424 (Failed
 * Dependency), like a WordPress failure, so the operator sees its text (5xx texts are hidden).
 */
export class SeoModel {
  constructor(private readonly providers: SeoProviders) {}

  async provider(): Promise<LanguageModelProvider> {
    try {
      return await this.providers.current();
    } catch (error) {
      throw new AppError('llm_unavailable', `The language model is not usable: ${messageOf(error)}`, 424);
    }
  }

  async structured<T, O = T>(request: StructuredRequest<T>, offline: () => O): Promise<StructuredResult<T, O>> {
    const provider = await this.provider();
    if (provider.isOffline) return { value: offline(), source: 'offline' };
    try {
      const usage = {
        source: 'seo' as const,
        jobRef: String(request.project.id),
        siteId: request.project.siteId,
        step: request.schemaName,
      };
      const result = await withUsageScope(usage, () =>
        provider.generateObject({
          system: SYSTEM,
          prompt: request.prompt,
          schema: request.schema,
          schemaName: request.schemaName,
          maxTokens: request.maxTokens ?? 4000,
          temperature: 0.4,
        }),
      );
      return { value: result.object, source: 'model' };
    } catch (error) {
      // Issue #37 point 6: in words, not "(bad_output) … does not match the expected structure".
      const kind = isLlmError(error) ? error.kind : 'unknown';
      throw new AppError('llm_error', `The language model failed: ${failureInWords(kind, messageOf(error))}`, 424, {
        kind,
      });
    }
  }
}

/** What happened, for the operator; the ways on (try again, another provider, by hand) are the wizard's. */
function failureInWords(kind: string, message: string): string {
  switch (kind) {
    case 'bad_output':
      return 'its answers could not be read as what this step needs, even after they were repaired, the model was asked again, and the other providers were tried.';
    case 'rate_limit':
      return `the provider is limiting requests or its quota is spent (${message}).`;
    case 'timeout':
      return 'it did not answer in time.';
    case 'auth':
      return `the provider refused the API key (${message}).`;
    case 'network':
      return `its server could not be reached (${message}).`;
    case 'content_filter':
      return "the provider's content filter stopped the answer.";
    default:
      return message;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
