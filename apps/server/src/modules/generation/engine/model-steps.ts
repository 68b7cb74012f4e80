import {
  type ArticleBrief,
  type ArticleOutline,
  articleOutlineSchema,
  buildOfflineOutline,
  isLlmError,
  type LanguageModelProvider,
} from '../../../integrations/llm/index.js';
import { sanitizeArticleHtml } from '../../../lib/html/sanitize-article-html.js';
import { detectRefusal } from '../../../lib/text/refusal-detector.js';
import type { GenerationLogBuilder } from './generation-log.js';
import type { DraftSection } from './length-fitting.js';
import { sectionBodyFromModel } from './model-html.js';
import { normaliseOutline, outlineText, parseOutlineText, sectionCountFor } from './outline-planner.js';
import { maxTokensFor, outlinePrompt, type ReferenceMaterial, recoveryPreamble, sectionPrompt } from './prompts.js';
import { type RefusalTally, runRecoveringStep } from './recovering-step.js';

/** What every model step of one article shares. */
export interface StepContext {
  provider: LanguageModelProvider;
  brief: ArticleBrief;
  references: ReferenceMaterial;
  system: string;
  log: GenerationLogBuilder;
  tally: RefusalTally;
  maxAttempts: number;
  now: () => number;
  signal: AbortSignal;
}

const withRecovery = (prompt: string, refusedWith: string[] | undefined) =>
  refusedWith ? `${recoveryPreamble(refusedWith)}${prompt}` : prompt;

/** Plans the article. A model outline that cannot be read at all falls back to the task type's standard outline. */
export async function planOutline(context: StepContext, wordCount: number): Promise<ArticleOutline> {
  const sectionCount = sectionCountFor(wordCount);
  const prompt = outlinePrompt(context.brief, wordCount, sectionCount, context.references);
  try {
    const outline = await runRecoveringStep<ArticleOutline>({
      name: 'plan outline',
      maxAttempts: context.maxAttempts,
      log: context.log,
      tally: context.tally,
      now: context.now,
      attempt: async (refusedWith) => {
        try {
          const result = await context.provider.generateObject({
            system: context.system,
            prompt: withRecovery(prompt, refusedWith),
            schema: articleOutlineSchema,
            schemaName: 'article_outline',
            maxTokens: Math.min(8000, 600 + sectionCount * 90),
            signal: context.signal,
            intent: { kind: 'outline', brief: context.brief, wordCount, sectionCount },
          });
          return { value: result.object, text: outlineText(result.object) };
        } catch (error) {
          // Not valid structured output: a refusal is retried, anything readable is used.
          if (!isLlmError(error) || error.kind !== 'bad_output' || !error.rawText) throw error;
          if (detectRefusal(error.rawText).refused) return { value: undefined, text: error.rawText };
          const parsed = parseOutlineText(error.rawText);
          if (parsed) context.log.warn('The outline was not valid JSON; it was read from the text of the answer.');
          return { value: parsed, text: parsed ? outlineText(parsed) : error.rawText };
        }
      },
    });
    return normaliseOutline(outline, context.brief, wordCount);
  } catch (error) {
    if (!isLlmError(error) || error.kind !== 'bad_output') throw error;
    context.log.warn(
      `The model's outline could not be used (${error.message}); the standard ${context.brief.taskType} outline was used instead.`,
    );
    return buildOfflineOutline(context.brief, sectionCount);
  }
}

/** Writes (or extends) one section and returns its sanitised body HTML. */
export async function writeSection(
  context: StepContext,
  outline: ArticleOutline,
  draft: DraftSection,
  mode: 'write' | 'extend',
  words: number,
): Promise<string> {
  const total = outline.sections.length;
  const name = `${mode === 'write' ? 'write' : 'extend'} section ${draft.index + 1}/${total}: ${draft.section.heading}`;
  return runRecoveringStep<string>({
    name,
    maxAttempts: context.maxAttempts,
    log: context.log,
    tally: context.tally,
    now: context.now,
    attempt: async (refusedWith) => {
      const intent = {
        kind: 'section',
        brief: context.brief,
        title: outline.title,
        section: draft.section,
        sectionIndex: draft.index,
        sectionCount: total,
        wordBudget: words,
        mode,
      } as const;
      const result = await context.provider.generateText({
        system: context.system,
        prompt: withRecovery(
          sectionPrompt(intent, outline, context.references, mode === 'extend' ? draft.html : ''),
          refusedWith,
        ),
        maxTokens: maxTokensFor(words),
        signal: context.signal,
        intent,
      });
      const body = sectionBodyFromModel(result.text, draft.section.heading);
      const clean = sanitizeArticleHtml(body);
      return { value: clean || undefined, text: body };
    },
  });
}
