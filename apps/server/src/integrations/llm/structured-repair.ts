import { z } from 'zod';
import { detectRefusal } from '../../lib/text/refusal-detector.js';
import type { LanguageModelProvider, ObjectRequest, ObjectResult } from './language-model-provider.js';
import { isLlmError, LlmError } from './llm-error.js';

/*
 * Issue #37 point 6: a model asked for JSON often answers with the JSON inside code fences or
 * prose, or in an obvious other shape (the list alone where an object holding the list was asked,
 * the object wrapped in one more key). Such an answer is read rather than thrown away; what still
 * does not fit is described, so that the model can be told what was wrong.
 */

export type Repaired<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The JSON texts an answer may hold: itself, each fenced block, the outermost object and list. */
function candidates(text: string): string[] {
  const found = [text.trim()];
  for (const match of text.matchAll(/```(?:json|JSON)?\s*([\s\S]*?)```/g)) found.push(match[1]!.trim());
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    const start = text.indexOf(open);
    const end = text.lastIndexOf(close);
    if (start >= 0 && end > start) found.push(text.slice(start, end + 1));
  }
  return [...new Set(found.filter(Boolean))];
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The obvious other shapes of a value for an object schema. */
function reshapings(value: unknown, schema: z.ZodType): unknown[] {
  const shapes: unknown[] = [];
  if (!(schema instanceof z.ZodObject)) return shapes;
  const keys = Object.keys(schema.shape);
  // The list alone: put it under the schema's one list field.
  if (Array.isArray(value)) {
    const listKeys = keys.filter((key) => schema.shape[key] instanceof z.ZodArray);
    if (listKeys.length === 1) shapes.push({ [listKeys[0]!]: value });
  }
  // Wrapped once more ({ "result": { … } }, { "data": { … } }): the inner object.
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 1 && !keys.includes(entries[0]![0])) shapes.push(entries[0]![1]);
  }
  return shapes;
}

const describeIssues = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'the answer'}: ${issue.message}`)
    .join('; ');

/** The answer's value for the schema, read out of fences or prose and reshaped when the shape is obvious. */
export function repairStructured<T>(text: string | undefined, schema: z.ZodType<T>): Repaired<T> {
  if (!text?.trim()) return { ok: false, problem: 'the answer was empty' };
  let problem: string | null = null;
  for (const candidate of candidates(text)) {
    const parsed = parse(candidate);
    if (!parsed.ok) continue;
    for (const value of [parsed.value, ...reshapings(parsed.value, schema)]) {
      const result = schema.safeParse(value);
      if (result.success) return { ok: true, value: result.data };
      problem ??= describeIssues(result.error);
    }
  }
  return { ok: false, problem: problem ?? 'the answer held no JSON' };
}

/** What the model is told on its second try: what was wrong, and to answer with the JSON alone. */
export function retryPrompt(prompt: string, problem: string): string {
  return `${prompt}\n\nYour previous answer could not be used: it did not match the requested JSON structure (${problem}). Answer again with only the JSON that matches the structure: no prose, no code fences.`;
}

const NO_USAGE = { inputTokens: undefined, outputTokens: undefined };

/** An unusable answer whose text is a refusal or a hedge rather than JSON gone wrong. */
export const isRefusalAnswer = (error: LlmError): boolean =>
  error.rawText !== undefined && detectRefusal(error.rawText).refused;

/**
 * One provider's structured answer, repaired or asked for once more (issue #37 point 6). Each call
 * goes through the provider as it is (a metered member writes one ledger row per call, the
 * unusable answers' too); a second unusable answer is bad_output, which the chain passes on.
 */
export async function generateObjectRepaired<T>(
  provider: LanguageModelProvider,
  request: ObjectRequest<T>,
  options: { leaveRefusals?: boolean } = {},
): Promise<ObjectResult<T>> {
  try {
    return await provider.generateObject(request);
  } catch (error) {
    if (!isLlmError(error) || error.kind !== 'bad_output' || request.signal?.aborted) throw error;
    // A refusal in words is not a structure problem: the article engine's step retries it with a
    // recovery prompt and counts it (attempts, Recovered); asked again here it was hidden (issue #37 point 8).
    if (options.leaveRefusals && isRefusalAnswer(error)) throw error;
    const repaired = repairStructured(error.rawText, request.schema);
    if (repaired.ok)
      return {
        object: repaired.value,
        finishReason: 'stop',
        usage: error.usage ?? NO_USAGE,
        modelMs: 0,
        transportAttempts: 1,
      };
    try {
      return await provider.generateObject({ ...request, prompt: retryPrompt(request.prompt, repaired.problem) });
    } catch (again) {
      if (!isLlmError(again) || again.kind !== 'bad_output') throw again;
      const second = repairStructured(again.rawText, request.schema);
      if (second.ok)
        return {
          object: second.value,
          finishReason: 'stop',
          usage: again.usage ?? NO_USAGE,
          modelMs: 0,
          transportAttempts: 1,
        };
      throw new LlmError(
        'bad_output',
        `The model answered twice with text that does not match the expected structure (${second.problem})`,
        {
          retryable: false,
          ...(again.rawText !== undefined ? { rawText: again.rawText } : {}),
          ...(again.usage ? { usage: again.usage } : {}),
          cause: again,
        },
      );
    }
  }
}
