import { personName, timelineStartYear } from './offline-facts.js';
import {
  capitalise,
  escapeHtml,
  htmlWords,
  itemCount,
  listHtml,
  type SectionContext,
  topicNouns,
  withProse,
} from './section-kit.js';
import { seededRandom } from './seeded-random.js';

/* FAQ, glossary, timeline and key figures: the reference-shaped sections. */

const QUESTIONS = [
  'What is the best way to get started with {topic}?',
  'How much time does {topic} take each week?',
  'Is {topic} expensive?',
  'What mistakes should beginners avoid?',
  'How long before the results show?',
  'Is special equipment needed for {topic}?',
  'Can {topic} fit around a full-time job?',
  'How can I tell whether I am doing it right?',
  'What should I do if progress stalls?',
  'How does {keyword} affect the results?',
  'What is the most overlooked part of {topic}?',
  'Is {topic} suitable for complete beginners?',
  'How often should I review my approach?',
  'What is a realistic first goal?',
  'Can {topic} be done on a tight budget?',
  'What changes as experience grows?',
  'When does {keyword} matter most?',
  'Why does {keyword} get so much attention?',
  'What do experienced people wish they had known at the start?',
  'How do I keep going when motivation drops?',
  'Which resources are worth paying for?',
  'What is the single most useful habit to build?',
];

export function faqSection(context: SectionContext): string {
  const { prose, random } = context;
  const pairs: string[] = [];
  let words = 0;
  const asked = new Set<string>();
  const target = Math.max(2, Math.round(context.budget / 70));
  // One topic-seeded order for the whole article; each group starts where the previous one stopped.
  const order = seededRandom(`faq:${context.topic.toLowerCase()}`).shuffled(QUESTIONS);
  for (let i = 0; i < target * 3 && (pairs.length < 2 || words < context.budget - 25); i++) {
    const question = prose.fill(order[(context.sectionIndex * target + i) % order.length] as string);
    if (asked.has(question)) continue;
    asked.add(question);
    const answer = prose.paragraph(random.int(40, 65));
    pairs.push(`<h3>${escapeHtml(question)}</h3>\n<p>${answer}</p>`);
    words += htmlWords(question) + htmlWords(answer);
  }
  return withProse(context, pairs.join('\n'));
}

/** Generic concepts with a definition that works for any field, phrased around the topic. */
const CONCEPTS: ReadonlyArray<readonly [string, string]> = [
  [
    'Baseline',
    'The starting measurement in {topic} that later results are compared against, so improvement can be seen rather than guessed.',
  ],
  [
    'Benchmark',
    'A reference result, often taken from experienced practitioners, used to judge whether an approach to {topic} is on track.',
  ],
  [
    'Best Practice',
    'A method that has worked reliably for many people in {topic}; a sensible default, though not a rule.',
  ],
  ['Checklist', 'A short written list of steps or checks that keeps {topic} consistent when attention is elsewhere.'],
  [
    'Cycle Time',
    'How long one complete round of work takes from start to finish, a useful number for planning {topic}.',
  ],
  ['Failure Mode', 'A specific way in which things tend to go wrong in {topic}; naming it makes it easier to prevent.'],
  [
    'Iteration',
    'One round of trying, observing and adjusting; progress in {topic} usually comes from many small iterations.',
  ],
  [
    'Lead Time',
    'The delay between deciding to do something in {topic} and being able to start it, often longer than expected.',
  ],
  ['Milestone', 'A visible checkpoint that marks real progress in {topic} and a good moment to review the plan.'],
  ['Rule of Thumb', 'A simple guideline that gives a good-enough answer in {topic} without detailed calculation.'],
  ['Scope', 'The boundary of what a piece of work in {topic} includes, and just as importantly what it leaves out.'],
  [
    'Trade-off',
    'A choice where gaining one thing, such as speed in {topic}, means giving up some of another, such as precision.',
  ],
  ['Workflow', 'The usual order of steps in {topic}, written down so it can be repeated and improved.'],
  [
    'Threshold',
    'The level at which something in {topic} changes character, for better or worse; worth knowing before you reach it.',
  ],
  ['Calibration', 'Checking tools or judgement in {topic} against a known reference so that readings can be trusted.'],
  ['Tolerance', 'How far a result in {topic} can drift from the target before it matters.'],
  ['Batch', 'A group of items or tasks handled together in {topic} to save setup time.'],
  ['Constraint', 'A limit, such as time, space or money, that shapes what is possible in {topic}.'],
  ['Standard', 'An agreed level of quality or method in {topic} that makes results comparable.'],
  ['Variable', 'Any factor in {topic} that can change the outcome; good practice changes one at a time.'],
];

export function glossarySection(context: SectionContext): string {
  const { random } = context;
  const cores = [...new Set([...topicNouns(context.topic), ...context.keywords.map((k) => k.toLowerCase())])].slice(
    0,
    6,
  );
  const count = itemCount(context.budget, 32, 3, 40, 0.9);
  const entries: string[] = [];
  // One topic-seeded order for the whole glossary, each group taking the next terms: no term twice.
  const concepts = seededRandom(`glossary:${context.topic.toLowerCase()}`).shuffled(CONCEPTS);
  for (let i = 0; i < count; i++) {
    const position = context.sectionIndex * count + i;
    const [concept, definition] = concepts[position % concepts.length] as readonly [string, string];
    // Past the first pass, concepts are paired with topic words so terms stay distinct.
    const round = Math.floor(position / concepts.length);
    const core = round > 0 && cores.length > 0 ? cores[(round - 1) % cores.length] : undefined;
    const term = core ? `${capitalise(core)} ${concept}` : concept;
    const extra =
      random.next() < 0.5
        ? ` ${context.prose.sentence(['In everyday use it keeps conversations about {keyword} precise.', 'It often comes up alongside {keyword}.', 'Knowing it helps when comparing advice from different sources.'])}`
        : '';
    entries.push(`<h3>${escapeHtml(term)}</h3>\n<p>${context.prose.fill(definition)}${extra}</p>`);
  }
  return withProse(context, entries.join('\n'));
}

const EVENTS = [
  'Early accounts mention {topic} for the first time, mostly in local records and private letters.',
  'The first organised efforts connected with {topic} take shape under a small group of local leaders.',
  'News of {topic} spreads well beyond its place of origin, carried by travellers and printed pamphlets.',
  'Opposition grows as critics question the costs and consequences of {topic}.',
  'A decisive turning point: a widely read account of {topic} changes how the public understands it.',
  'New laws and institutions respond to {topic}, formalising many of the changes already under way.',
  'A period of consolidation follows, and daily life adjusts to the new circumstances.',
  'The first scholarly histories of {topic} appear, drawing on surviving documents and testimony.',
  'Anniversary commemorations renew public interest in {topic} and prompt fresh research.',
  'Archives related to {topic} are catalogued and opened to researchers.',
];

export function timelineSection(context: SectionContext): string {
  const { random } = context;
  const count = itemCount(context.budget, 22, 4, 24);
  let year = timelineStartYear(context.topic);
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    const event = context.prose.fill(EVENTS[i % EVENTS.length] as string);
    items.push(`<strong>${year}</strong> — ${event}`);
    year += random.int(2, 9);
  }
  return withProse(context, listHtml(items));
}

const FIGURE_ROLES = [
  'a chronicler whose letters remain one of the main primary sources on {topic}',
  'an organiser who turned scattered local efforts into a coordinated movement',
  'a critic whose objections shaped how {topic} was debated at the time',
  'a public official responsible for the first formal response to {topic}',
  'a teacher and writer who explained {topic} to a wider audience',
  'a later historian whose research corrected several long-standing myths',
];

export function keyFiguresSection(context: SectionContext): string {
  const count = itemCount(context.budget, 20, 3, 6);
  const items = Array.from(
    { length: count },
    (_, i) =>
      `<strong>${personName(context.random)}</strong> — ${context.prose.fill(FIGURE_ROLES[i % FIGURE_ROLES.length] as string)}.`,
  );
  return withProse(context, listHtml(items));
}
