import { type ArticleOutline, isLlmError, titleKey } from '../../../integrations/llm/index.js';
import { detectRefusal } from '../../../lib/text/refusal-detector.js';
import type { StepContext } from './model-steps.js';
import { cleanLine } from './outline-planner.js';
import { retitlePrompt } from './prompts.js';

/** Says whether a title is already used on the site (case and punctuation ignored). */
export type TitleInUse = (title: string) => Promise<boolean>;

/** Enough to get past any realistic run of "Part N" titles; the quality gate still has the last word. */
const MAX_NUMBERED_PARTS = 500;

/**
 * The outline's title, or a replacement when the site already has an article with that title:
 * publishing refuses duplicate titles, so a repeated topic (a blog configuration's second
 * rotation, a bulk list naming a topic twice) would otherwise never be posted. The avoid list in
 * the brief prevents most collisions up front; this catches the rest (a model that ignored the
 * list, a title the list could not foresee). A real model is asked once for a new title; when
 * that fails too, or the writer is offline, the title is numbered: "… (Part 2)".
 */
export async function distinctTitle(
  context: StepContext,
  outline: ArticleOutline,
  inUse: TitleInUse | undefined,
): Promise<string> {
  const avoided = new Set((context.brief.avoidTitles ?? []).map(titleKey));
  const taken = async (title: string) => avoided.has(titleKey(title)) || ((await inUse?.(title)) ?? false);
  if (!(await taken(outline.title))) return outline.title;
  avoided.add(titleKey(outline.title));
  context.log.warn(`The planned title "${outline.title}" is already used on this site; the article was given another.`);

  if (!context.provider.isOffline) {
    const proposed = await askForTitle(context, outline);
    if (proposed && !(await taken(proposed))) return proposed;
  }
  for (let part = 2; part <= MAX_NUMBERED_PARTS; part++) {
    const numbered = `${outline.title} (Part ${part})`;
    if (!(await taken(numbered))) return numbered;
  }
  return outline.title;
}

/** One model call for a new title; undefined when the answer is unusable or the call fails. */
async function askForTitle(context: StepContext, outline: ArticleOutline): Promise<string | undefined> {
  const taken = [outline.title, ...(context.brief.avoidTitles ?? [])];
  try {
    const answer = await context.log.step('retitle', () =>
      context.provider.generateText({
        system: context.system,
        prompt: retitlePrompt(context.brief, outline, taken),
        maxTokens: 100,
        signal: context.signal,
      }),
    );
    const line =
      answer.text
        .split('\n')
        .map((text) => cleanLine(text.replace(/^\s*title\s*:/i, '')))
        .find(Boolean) ?? '';
    const title = line.slice(0, 200);
    return title.length >= 3 && !detectRefusal(title).refused ? title : undefined;
  } catch (error) {
    if (isLlmError(error) && error.kind === 'aborted') throw error;
    context.log.warn(
      `A new title could not be obtained from the model: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}
