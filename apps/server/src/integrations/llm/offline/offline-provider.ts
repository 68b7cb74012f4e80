import { yieldToEventLoop } from '../../../lib/event-loop-yield.js';
import type {
  LanguageModelProvider,
  ObjectRequest,
  ObjectResult,
  TextRequest,
  TextResult,
} from '../language-model-provider.js';
import { LlmError } from '../llm-error.js';
import { abortableSleep } from '../retry.js';
import { titleCase } from '../task-blueprints.js';
import type { WritingIntent } from '../writing-intent.js';
import { genreFor } from './offline-genre.js';
import { buildOfflineOutline, keyPointsFor } from './offline-outline.js';
import { ProseWriter, toneFromVoice } from './offline-prose.js';
import { SECTION_RENDERERS } from './offline-sections.js';
import { seededRandom } from './seeded-random.js';

/**
 * The built-in writer: no network, no key, deterministic. It reads the request's structured
 * intent instead of the prompt and writes in the shape of each task type, so every flow works
 * on a fresh machine. The UI says plainly when it is in use.
 */
export class OfflineWriterProvider implements LanguageModelProvider {
  readonly providerId = 'offline' as const;
  readonly model = 'offline-writer';
  readonly isOffline = true;

  /** `delayMs` (LLM_OFFLINE_DELAY_MS) makes every answer take that long, like a model would: for demos and crash tests. */
  constructor(private readonly options: { delayMs?: number } = {}) {}

  async generateText(request: TextRequest): Promise<TextResult> {
    const started = performance.now();
    await this.think(request.signal);
    const text = request.intent?.kind === 'section' ? writeSection(request.intent) : probeAnswer(request.prompt);
    return {
      text,
      finishReason: 'stop',
      usage: { inputTokens: undefined, outputTokens: undefined },
      modelMs: performance.now() - started,
      transportAttempts: 1,
    };
  }

  async generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResult<T>> {
    const started = performance.now();
    await this.think(request.signal);
    if (request.intent?.kind !== 'outline') {
      throw new LlmError('bad_output', 'The offline writer only produces article outlines as structured output', {
        retryable: false,
      });
    }
    const parsed = request.schema.safeParse(buildOfflineOutline(request.intent.brief, request.intent.sectionCount));
    if (!parsed.success)
      throw new LlmError('bad_output', `Offline outline does not fit the schema: ${parsed.error.message}`, {
        retryable: false,
      });
    return {
      object: parsed.data,
      finishReason: 'stop',
      usage: { inputTokens: undefined, outputTokens: undefined },
      modelMs: performance.now() - started,
      transportAttempts: 1,
    };
  }

  private async think(signal: AbortSignal | undefined): Promise<void> {
    // A model's answer arrives as I/O; this writer's is computed here, on the loop every request
    // needs: it takes a turn like any I/O, so requests are answered between sections.
    if (this.options.delayMs) await abortableSleep(this.options.delayMs, signal);
    else await yieldToEventLoop();
    throwIfAborted(signal);
  }
}

function writeSection(intent: Extract<WritingIntent, { kind: 'section' }>): string {
  const { brief, section } = intent;
  // Seeded by position and mode so an extension adds new sentences instead of repeating the section;
  // and by title and site, so a topic written about again (under a new title, or for another site) is
  // a new text: publishing refuses a near-duplicate body.
  const random = seededRandom(
    `${brief.taskType}:${brief.topic.toLowerCase()}:${intent.title.toLowerCase()}:${brief.siteName ?? ''}:${intent.sectionIndex}:${section.heading}:${intent.mode}:${intent.wordBudget}`,
  );
  const points = section.keyPoints.length > 0 ? section.keyPoints : keyPointsFor(section.heading, random);
  const topic = brief.topic.trim();
  const subject = titleCase(topic);
  const genre = genreFor(brief.taskType, topic, subject);
  const prose = new ProseWriter({
    ...genre,
    points,
    keywords: brief.keywords,
    tone: genre.howTo ? toneFromVoice(brief.voice) : 'neutral',
    random,
  });
  const context = {
    topic,
    subject,
    heading: section.heading,
    budget: intent.wordBudget,
    keywords: brief.keywords,
    prose,
    random,
    howTo: genre.howTo,
    sectionIndex: intent.sectionIndex,
  };
  if (intent.mode === 'extend') return prose.paragraphsHtml(intent.wordBudget);
  return SECTION_RENDERERS[section.role](context);
}

/** A short, honest answer to free prompts such as the Settings screen's "Test provider". */
function probeAnswer(prompt: string): string {
  const subject = prompt.trim().split('\n')[0]?.slice(0, 80) || 'your request';
  return `The offline writer is active and working. It writes structured placeholder articles without a network connection (request received: "${subject}"). Configure a real provider in Settings to generate publishable content.`;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new LlmError('aborted', 'The generation was cancelled', { retryable: false });
}
