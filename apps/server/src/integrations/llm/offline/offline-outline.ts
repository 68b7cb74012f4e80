import type { TaskType } from '@abp/contracts';
import { TASK_BLUEPRINTS, titleCase } from '../task-blueprints.js';
import { type ArticleBrief, type ArticleOutline, type OutlineSection, titleKey } from '../writing-intent.js';
import { filmFacts } from './offline-facts.js';
import { GENERIC_POINTS, POINT_HINTS } from './prose-templates.js';
import { topicNouns } from './section-kit.js';
import { type SeededRandom, seededRandom } from './seeded-random.js';

const ASPECTS = [
  'Planning',
  'Budgets',
  'Timing',
  'Tools',
  'Habits',
  'Common Mistakes',
  'Measurement',
  'Quality',
  'Safety',
  'Community',
  'Research',
  'Maintenance',
  'Motivation',
  'Priorities',
  'Trade-offs',
  'Experiments',
  'Resources',
  'Feedback',
  'Scaling Up',
  'Routines',
];
const FRAMES = ['{a} Explained', 'A Closer Look at {a}', '{a} in Practice', 'Getting {a} Right', 'Rethinking {a}'];

/** Body headings: the task type's own first, then combinations that never repeat. */
function bodyHeadings(own: string[], count: number): string[] {
  const headings = [...own];
  for (let frame = 0; headings.length < count && frame < FRAMES.length; frame++) {
    for (const aspect of ASPECTS) headings.push((FRAMES[frame] as string).replace('{a}', aspect));
  }
  for (let part = 2; headings.length < count; part++) headings.push(`Further Notes, Part ${part}`);
  return headings.slice(0, count);
}

export function keyPointsFor(heading: string, random: SeededRandom): string[] {
  const hinted = POINT_HINTS.find(([pattern]) => pattern.test(heading))?.[1];
  return hinted ? [...hinted] : random.shuffled(GENERIC_POINTS).slice(0, 3);
}

/** The caller's keywords first, then phrases from the topic; single words only when there is nothing longer. */
export function deriveKeywords(topic: string, given: readonly string[]): string[] {
  const nouns = topicNouns(topic);
  const phrases = [topic.trim().toLowerCase()];
  if (nouns.length >= 2) phrases.push(nouns.slice(0, 2).join(' '));
  if (nouns.length >= 3) phrases.push(nouns.slice(-2).join(' '));
  if (nouns.length === 1) phrases.push(nouns[0] as string);
  const all = [...given.map((k) => k.trim().toLowerCase()), ...phrases].filter((k) => k.length > 1);
  return [...new Set(all)].slice(0, 8);
}

const META: Record<TaskType, string> = {
  'Blog Post':
    'A practical guide to {topic}: what matters, what to avoid and how to get started, with clear steps you can use right away.',
  FAQ: 'Clear answers to the most common questions about {topic}, from getting started and costs to problems and long-term results.',
  Glossary:
    'The key terms of {topic}, explained in plain language, so you can follow expert advice and make confident decisions.',
  'Landing Page':
    'Make real progress with {topic}: a clear plan, honest guidance and friendly support. Get started today in under five minutes.',
  Recipe:
    'How to make {topic}: ingredients, step-by-step method, tips, variations and storage advice for reliable results.',
  'Accurate Historical Account':
    'The history of {topic}: background, a timeline of key events, the people involved, causes, consequences and legacy.',
  'ACT Like IMDB And Give Me Full Movie Data':
    'Everything about {topic}: release year, director, cast and crew, synopsis, production, reception and box office.',
  'Business Information Listing (like yelp)':
    '{topic}: address, opening hours, services, prices and customer reviews, with everything you need before you visit.',
};

export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[,;:\s]+$/, '')}…`;
}

/**
 * Titles for the topic in order of preference: the task type's own, then angles on the topic,
 * then numbered parts. Endless, so a site that already uses some of them always gets a new one.
 */
function* titleCandidates(
  primary: string,
  own: readonly string[],
  subject: string,
  random: SeededRandom,
): Generator<string> {
  yield primary;
  for (const title of own) if (title !== primary) yield title;
  const aspects = random.shuffled(ASPECTS);
  for (const frame of FRAMES) for (const aspect of aspects) yield `${subject}: ${frame.replace('{a}', aspect)}`;
  for (let part = 2; ; part++) yield `${primary} (Part ${part})`;
}

/** A complete outline from the task type's blueprint; also the engine's fallback when a model's outline is unusable. */
export function buildOfflineOutline(brief: ArticleBrief, sectionCount: number): ArticleOutline {
  const blueprint = TASK_BLUEPRINTS[brief.taskType];
  const seed = `outline:${brief.taskType}:${brief.topic.toLowerCase()}`;
  const subject = titleCase(brief.topic);
  const titleSubject =
    brief.taskType === 'ACT Like IMDB And Give Me Full Movie Data'
      ? `${subject} (${filmFacts(brief.topic).year})`
      : subject;
  const ownTitles = blueprint.titles(titleSubject);
  const bodyCount = Math.max(1, sectionCount - blueprint.lead.length - blueprint.tail.length);
  const sectionsFrom = (random: SeededRandom): OutlineSection[] => {
    const section = (heading: string, role: OutlineSection['role']): OutlineSection => ({
      heading,
      role,
      keyPoints: keyPointsFor(heading, random),
    });
    return [
      ...blueprint.lead.map((fixed) => section(fixed.heading(subject), fixed.role)),
      ...bodyHeadings(blueprint.bodyHeadings(subject), bodyCount).map((heading) =>
        section(heading, blueprint.bodyRole),
      ),
      ...blueprint.tail.map((fixed) => section(fixed.heading(subject), fixed.role)),
    ];
  };
  const random = seededRandom(seed);
  let sections = sectionsFrom(random);
  let title = random.pick(ownTitles);
  const taken = new Set((brief.avoidTitles ?? []).map(titleKey));
  if (taken.has(titleKey(title))) {
    // Another article on this topic already has the usual title: the next free one, and the
    // variant's own key points so that the second article is not the first one renamed.
    let variant = 0;
    for (const candidate of titleCandidates(title, ownTitles, titleSubject, seededRandom(`titles:${seed}`))) {
      if (!taken.has(titleKey(candidate))) {
        title = candidate;
        break;
      }
      variant += 1;
    }
    sections = sectionsFrom(seededRandom(`${seed}:variant-${variant}`));
  }
  return {
    title,
    metaDescription: clampText(META[brief.taskType].replace('{topic}', brief.topic.trim()), 160),
    keywords: deriveKeywords(brief.topic, brief.keywords),
    sections,
  };
}
