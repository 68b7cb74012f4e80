import { z } from 'zod';
import { isLlmError } from '../../../integrations/llm/index.js';
import { sanitizeArticleHtml } from '../../../lib/html/sanitize-article-html.js';
import { escapeHtmlText } from '../../../lib/plain-text.js';
import { aiTellsIn, findAiTells, type OffendingSentence, replaceSentenceInHtml } from '../../../lib/text/ai-tells.js';
import { detectRefusal } from '../../../lib/text/refusal-detector.js';
import type { StepContext } from './model-steps.js';
import { aiTellRewritePrompt } from './prompts.js';

/** One call rewrites at most this many sentences; an article with more keeps the rest (the report quotes them). */
export const MAX_SENTENCES_REWRITTEN = 12;

const rewritesSchema = z.object({
  sentences: z.array(z.object({ index: z.number().int(), rewritten: z.string() })),
});

/**
 * A rewrite is used only when it removes every listed phrase and stays a sensible sentence: not
 * empty, not more than twice as long, not a refusal. Otherwise the sentence stays as written.
 */
export function acceptableRewrite(original: string, rewritten: string): boolean {
  const text = rewritten.trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return false;
  if (text.length > original.trim().length * 2) return false;
  if (aiTellsIn(text).length > 0) return false;
  return !detectRefusal(text).refused;
}

/**
 * The AI-tell check's one rewrite (issue #33 §4): the sentences of a model's article that hold
 * listed phrases go to the model in one small structured call, and each acceptable rewrite
 * replaces its sentence in place (a sentence with inline markup, such as a link, stays: a rewrite
 * of its text would drop it). The offline writer gets no rewrite. A failed call changes nothing.
 */
export async function rewriteAiTells(context: StepContext, html: string): Promise<{ html: string; rewritten: number }> {
  if (context.provider.isOffline) return { html, rewritten: 0 };
  const offending: OffendingSentence[] = findAiTells(html).sentences.slice(0, MAX_SENTENCES_REWRITTEN);
  if (offending.length === 0) return { html, rewritten: 0 };
  const characters = offending.reduce((sum, s) => sum + s.sentence.length, 0);
  try {
    const result = await context.log.step('rewrite AI-tell sentences', () =>
      context.provider.generateObject({
        system: context.system,
        prompt: aiTellRewritePrompt(offending),
        schema: rewritesSchema,
        schemaName: 'sentence_rewrites',
        // About a token per 3 characters, twice the text at most, plus the JSON around it.
        maxTokens: Math.min(4000, 200 + Math.ceil(characters / 1.5)),
        signal: context.signal,
      }),
    );
    let out = html;
    let rewritten = 0;
    const done = new Set<number>();
    for (const { index, rewritten: text } of result.object.sentences) {
      const original = offending[index - 1];
      if (!original || done.has(index)) continue;
      const sentence = text.trim().replace(/\s+/g, ' ');
      if (!acceptableRewrite(original.sentence, sentence)) continue;
      const replaced = replaceSentenceInHtml(out, original.sentence, sentence, escapeHtmlText);
      if (replaced === null) continue;
      out = replaced;
      done.add(index);
      rewritten++;
    }
    if (rewritten < offending.length)
      context.log.warn(
        `${offending.length - rewritten} of ${offending.length} sentences with stock phrases were kept as written (the rewrite did not remove the phrase, was not a sensible sentence, or the sentence holds a link).`,
      );
    return { html: rewritten > 0 ? sanitizeArticleHtml(out) : html, rewritten };
  } catch (error) {
    if (isLlmError(error) && error.kind === 'aborted') throw error;
    context.log.warn(
      `The sentences with stock phrases could not be rewritten: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { html, rewritten: 0 };
  }
}
