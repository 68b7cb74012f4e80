import { type ProseBank, SLOT_VALUES } from './prose-templates.js';
import type { SeededRandom } from './seeded-random.js';

export type Tone =
  | 'neutral'
  | 'narrative'
  | 'analytical'
  | 'friendly'
  | 'expert'
  | 'energetic'
  | 'persuasive'
  | 'casual'
  | 'candid'
  | 'technical';

/** A sentence the persona would open with; neutral has none, so its paragraphs start on the point. */
const TONE_OPENERS: Record<Tone, readonly string[]> = {
  neutral: [],
  narrative: [
    'Picture an ordinary week with {topic} in it.',
    'Stories about {topic} often start with a small decision that turned out to matter.',
  ],
  analytical: [
    'Looking at the trade-offs plainly helps here.',
    'The evidence on {topic} is rarely dramatic, but it is consistent.',
  ],
  friendly: ['Here is the encouraging part.', 'You do not need to get everything right at once.'],
  expert: ['Experience makes one thing clear.', 'Practitioners learn this lesson quickly.'],
  energetic: ['Things are moving quickly here.', 'This is where {topic} gets exciting.'],
  persuasive: ['Here is what that means for you.', 'The payoff is real, and it arrives sooner than you think.'],
  casual: ['Honestly, this is the part I enjoy most.', 'I learned this one the slow way.'],
  candid: ['Not everything here works for everyone.', 'To be blunt, some popular advice misses the point.'],
  technical: ['It helps to break the process into parts.', 'Underneath, the process follows a few clear rules.'],
};

const TONE_HINTS: ReadonlyArray<readonly [RegExp, Tone]> = [
  [/narrative|story|anecdote/i, 'narrative'],
  [/analytic|figures|data|numbers/i, 'analytical'],
  [/patient|encouraging|beginner|educat/i, 'friendly'],
  [/authoritative|practitioner|expert/i, 'expert'],
  [/energetic|forward|trend/i, 'energetic'],
  [/persuasive|benefit|conversion/i, 'persuasive'],
  [/upbeat|first person|conversational|lifestyle/i, 'casual'],
  [/candid|balanced|pros and cons|honest/i, 'candid'],
  [/technical|first principles|terminology/i, 'technical'],
];

/** The offline writer cannot follow a free-text voice, but it can lean towards the nearest tone. */
export function toneFromVoice(voice: string): Tone {
  return TONE_HINTS.find(([pattern]) => pattern.test(voice))?.[1] ?? 'neutral';
}

export interface ProseContext {
  /** Ways to name the topic; repeating the full phrase in every sentence reads badly. */
  topicNames: readonly string[];
  bank: ProseBank;
  /** Genre slots such as {lead} or {city}. */
  extraSlots?: Readonly<Record<string, readonly string[]>>;
  points: readonly string[];
  keywords: readonly string[];
  tone: Tone;
  random: SeededRandom;
}

export const countPlainWords = (text: string) =>
  text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;

/** Builds readable paragraphs from templates, never repeating a template it used a moment ago. */
export class ProseWriter {
  private readonly recent = new Map<object, string[]>();

  constructor(private readonly context: ProseContext) {}

  fill(template: string): string {
    const { random } = this.context;
    const values: Record<string, () => string> = {
      topic: () => this.fresh(this.context.topicNames),
      point: () => this.fresh(this.context.points),
      keyword: () => this.fresh(this.context.keywords.length > 0 ? this.context.keywords : this.context.topicNames),
      reader: () => this.fresh(SLOT_VALUES.reader),
      timeframe: () => this.fresh(SLOT_VALUES.timeframe),
      number: () => random.pick(SLOT_VALUES.number),
      adjective: () => this.fresh(SLOT_VALUES.adjective),
      benefit: () => this.fresh(SLOT_VALUES.benefit),
      risk: () => this.fresh(SLOT_VALUES.risk),
      action: () => this.fresh(SLOT_VALUES.action),
    };
    const extra = this.context.extraSlots ?? {};
    const text = template.replace(/\{(\w+)\}/g, (slot, name: string) => {
      const genreValues = extra[name];
      return genreValues && genreValues.length > 0 ? this.fresh(genreValues) : (values[name]?.() ?? slot);
    });
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  sentence(bank: readonly string[]): string {
    return this.fill(this.fresh(bank));
  }

  /** One paragraph of roughly `targetWords` (never fewer than two sentences). */
  paragraph(targetWords: number): string {
    const { random, tone, bank } = this.context;
    const toneOpeners = TONE_OPENERS[tone];
    const plan: Array<readonly string[]> = [
      bank.openers,
      bank.explanations,
      random.next() < 0.5 ? bank.examples : bank.advice,
      random.next() < 0.5 ? bank.cautions : bank.explanations,
      bank.advice,
      bank.closers,
    ];
    if (toneOpeners.length > 0 && random.next() < 0.35) plan.unshift(toneOpeners);
    const sentences: string[] = [];
    let words = 0;
    for (const bank of plan) {
      if (sentences.length >= 2 && words >= targetWords) break;
      const sentence = this.sentence(bank);
      sentences.push(sentence);
      words += countPlainWords(sentence);
    }
    return sentences.join(' ');
  }

  /** `<p>` paragraphs totalling about `words`; the last paragraph is shortened to land close. */
  paragraphsHtml(words: number): string {
    const paragraphs: string[] = [];
    let remaining = words;
    while (remaining > 12) {
      const target = Math.min(remaining, this.context.random.int(60, 95));
      const text = this.paragraph(target);
      paragraphs.push(`<p>${text}</p>`);
      remaining -= countPlainWords(text);
    }
    if (paragraphs.length === 0) paragraphs.push(`<p>${this.sentence(this.context.bank.openers)}</p>`);
    return paragraphs.join('\n');
  }

  private fresh<T extends string>(items: readonly T[]): T {
    let memory = this.recent.get(items);
    if (!memory) this.recent.set(items, (memory = []));
    return this.context.random.pickFresh(items, memory as T[]);
  }
}
