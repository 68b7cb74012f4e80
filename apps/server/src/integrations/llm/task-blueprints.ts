import type { TaskType } from '@abp/contracts';
import type { SectionRole } from './writing-intent.js';

/*
 * The fixed skeleton of each task type: sections that must open and close the piece, and the
 * role of the sections in between. The engine enforces it on any outline (so a model that drops
 * the ingredients still yields a recipe); the offline writer builds its outlines from it.
 */

export interface FixedSection {
  role: SectionRole;
  /** Receives the topic in title case. */
  heading: (subject: string) => string;
}

export interface TaskBlueprint {
  lead: FixedSection[];
  bodyRole: SectionRole;
  /** Headings for the middle sections, used in order before the generic ones. */
  bodyHeadings: (subject: string) => string[];
  tail: FixedSection[];
  titles: (subject: string) => string[];
}

const fixed = (role: SectionRole, heading: (subject: string) => string): FixedSection => ({ role, heading });

export const TASK_BLUEPRINTS: Record<TaskType, TaskBlueprint> = {
  'Blog Post': {
    lead: [fixed('intro', (s) => `Introduction to ${s}`)],
    bodyRole: 'body',
    bodyHeadings: (s) => [
      `Why ${s} Matters`,
      `The Basics of ${s}`,
      `Getting Started with ${s}`,
      'Common Mistakes to Avoid',
      'Tools and Resources That Help',
      'A Step-by-Step Approach',
      'Measuring Your Progress',
      'Expert Tips for Better Results',
      'Myths Worth Ignoring',
      `How ${s} Is Changing`,
      'Making It a Lasting Habit',
      'Troubleshooting Common Problems',
      'A Realistic Example',
      'Planning Your Budget',
      'Advanced Techniques',
    ],
    tail: [fixed('conclusion', () => 'Final Thoughts')],
    titles: (s) => [
      `${s}: A Practical Guide`,
      `The Complete Guide to ${s}`,
      `${s}: What You Need to Know`,
      `Getting ${s} Right`,
    ],
  },
  FAQ: {
    lead: [fixed('intro', (s) => `About This ${s} FAQ`)],
    bodyRole: 'faq',
    bodyHeadings: () => [
      'Getting Started',
      'Costs and Value',
      'Time and Planning',
      'Common Problems',
      'Safety and Care',
      'Choosing the Right Option',
      'Advanced Questions',
      'Maintenance and Upkeep',
      'Results and Expectations',
    ],
    tail: [fixed('conclusion', () => 'Still Have Questions?')],
    titles: (s) => [`${s}: Frequently Asked Questions`, `${s} FAQ: Clear Answers to Common Questions`],
  },
  Glossary: {
    lead: [fixed('intro', (s) => `How to Use This ${s} Glossary`)],
    bodyRole: 'glossary',
    bodyHeadings: () => [
      'Essential Terms',
      'Techniques and Methods',
      'Tools and Equipment',
      'Measurements and Metrics',
      'Planning Vocabulary',
      'Quality and Standards',
      'Advanced Terms',
      'Everyday Shorthand',
    ],
    tail: [fixed('conclusion', () => 'Putting the Vocabulary to Work')],
    titles: (s) => [`${s} Glossary: Key Terms Explained`, `The ${s} Glossary`],
  },
  'Landing Page': {
    lead: [
      fixed('hero', (s) => `${s}, Made Simple`),
      fixed('benefits', () => 'What You Get'),
      fixed('how_it_works', () => 'How It Works'),
    ],
    bodyRole: 'body',
    bodyHeadings: () => [
      'Features That Save You Time',
      'Built Around Your Goals',
      'Why People Switch',
      'Support When You Need It',
      'Reliable From Day One',
      'Pricing That Makes Sense',
      'Designed for Real Schedules',
    ],
    tail: [
      fixed('testimonials', () => 'What Customers Say'),
      fixed('faq', () => 'Questions Before You Start'),
      fixed('call_to_action', () => 'Get Started Today'),
    ],
    titles: (s) => [`${s} — Get Started Today`, `${s}: Built for Results`],
  },
  Recipe: {
    lead: [
      fixed('intro', (s) => `About This ${s}`),
      fixed('ingredients', () => 'Ingredients'),
      fixed('method', () => 'Method'),
    ],
    bodyRole: 'recipe_notes',
    bodyHeadings: () => [
      'Tips for Success',
      'Variations to Try',
      'Make-Ahead and Storage',
      'Serving Suggestions',
      'Equipment You Will Need',
      'Troubleshooting',
      'Choosing Good Ingredients',
      'Nutrition Notes',
    ],
    tail: [fixed('conclusion', () => 'Enjoy Your Cooking')],
    titles: (s) => [`${s} Recipe`, `Easy ${s}: A Step-by-Step Recipe`],
  },
  'Accurate Historical Account': {
    lead: [
      fixed('intro', () => 'Historical Background'),
      fixed('timeline', () => 'Timeline of Key Events'),
      fixed('key_figures', () => 'Key Figures'),
    ],
    bodyRole: 'body',
    bodyHeadings: () => [
      'Origins and Context',
      'Causes',
      'The Turning Point',
      'Daily Life at the Time',
      'Aftermath',
      'How Historians Read the Evidence',
      'Myths and Misconceptions',
      'Regional Perspectives',
    ],
    tail: [fixed('conclusion', () => 'Legacy')],
    titles: (s) => [`${s}: A Historical Account`, `The History of ${s}`],
  },
  'ACT Like IMDB And Give Me Full Movie Data': {
    lead: [
      fixed('film_facts', () => 'Film Facts'),
      fixed('synopsis', () => 'Synopsis'),
      fixed('cast_crew', () => 'Cast and Crew'),
    ],
    bodyRole: 'body',
    bodyHeadings: () => [
      'Production History',
      'Themes and Style',
      'Critical Reception',
      'Box Office Performance',
      'Soundtrack and Score',
      'Awards and Nominations',
      'Trivia',
      'Where to Watch',
    ],
    tail: [fixed('conclusion', () => 'Verdict')],
    titles: (s) => [`${s}: Full Movie Details, Cast and Review`, `${s} — Movie Facts, Cast and Reception`],
  },
  'Business Information Listing (like yelp)': {
    lead: [
      fixed('business_details', () => 'Business Details'),
      fixed('hours', () => 'Opening Hours'),
      fixed('services', () => 'Services'),
    ],
    bodyRole: 'body',
    bodyHeadings: () => [
      'About the Business',
      'What to Expect on a Visit',
      'Pricing',
      'Location and Parking',
      'Accessibility',
      'Booking and Contact',
      'The Neighbourhood',
    ],
    tail: [fixed('reviews', () => 'Customer Reviews'), fixed('faq', () => 'Frequently Asked Questions')],
    titles: (s) => [`${s}: Hours, Services and Reviews`, `${s} — Business Information and Reviews`],
  },
};

/** Roles whose absence would change what the article is (e.g. a recipe without ingredients). */
export function requiredRoles(taskType: TaskType): SectionRole[] {
  const blueprint = TASK_BLUEPRINTS[taskType];
  return [...blueprint.lead, ...blueprint.tail].map((section) => section.role);
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'with',
]);

/** "how to bake sourdough" → "How to Bake Sourdough"; words already capitalised (NASA, iPhone) stay as typed. */
export function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word, index) => {
      if (/[A-Z]/.test(word)) return word;
      if (index > 0 && SMALL_WORDS.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}
