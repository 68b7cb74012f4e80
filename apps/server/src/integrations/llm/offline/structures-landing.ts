import { distinctNames } from './offline-facts.js';
import { escapeHtml, itemCount, listHtml, type SectionContext, withProse } from './section-kit.js';

/* Landing-page sections: a hero, benefits, steps, testimonials and a call to action. */

export function heroSection(context: SectionContext): string {
  const headline = `<p><strong>Everything you need for ${escapeHtml(context.topic)}, in one place.</strong></p>`;
  const promise = `<p>${context.prose.fill('Built for {reader} who want results without the guesswork: clear steps, honest guidance and support when it matters.')}</p>`;
  return withProse(context, `${headline}\n${promise}`, 'after');
}

const BENEFITS = [
  ['Save time', 'a clear plan replaces hours of searching for scattered advice'],
  ['Avoid costly mistakes', 'proven steps steer you around the usual pitfalls'],
  ['See progress early', 'small wins in the first weeks keep motivation high'],
  ['Stay flexible', 'adjust the pace to your schedule, not the other way round'],
  ['Get real support', 'answers from people who have done this many times'],
  ['Know what it costs', 'no surprises, no hidden extras'],
] as const;

export function benefitsSection(context: SectionContext): string {
  const count = itemCount(context.budget, 14, 3, BENEFITS.length);
  const items = BENEFITS.slice(0, count).map(([title, text]) => `<strong>${title}</strong> — ${text}.`);
  return withProse(context, listHtml(items));
}

export function howItWorksSection(context: SectionContext): string {
  const steps = [
    `<strong>Tell us your goal.</strong> A few quick questions about where you are with ${escapeHtml(context.topic)} today.`,
    '<strong>Get your plan.</strong> A step-by-step route matched to your time and budget.',
    '<strong>Start and adjust.</strong> Follow the plan, track what works, and fine-tune as you go.',
    '<strong>Keep improving.</strong> Regular check-ins make sure progress does not stall.',
  ];
  return withProse(context, listHtml(steps.slice(0, itemCount(context.budget, 16, 3, 4)), true));
}

const TESTIMONIALS = [
  'I had tried to figure this out on my own for months. Within a few weeks I finally had a plan that worked.',
  'Clear, practical and never pushy. Exactly what I needed to get started.',
  'The step-by-step approach made something intimidating feel manageable.',
  'Worth it for the time saved alone.',
];

export function testimonialsSection(context: SectionContext): string {
  const count = itemCount(context.budget, 22, 2, TESTIMONIALS.length, 0.6);
  const names = distinctNames(context.random, count);
  const quotes = TESTIMONIALS.slice(0, count).map(
    (quote, i) => `<blockquote><p>“${quote}” — ${escapeHtml(names[i] ?? 'A customer')}</p></blockquote>`,
  );
  return withProse(context, quotes.join('\n'));
}

export function callToActionSection(context: SectionContext): string {
  const cta = [
    `<p><strong>Ready to make progress with ${escapeHtml(context.topic)}?</strong> Getting started takes less than five minutes.</p>`,
    listHtml(['No long-term commitment', 'Set up at your own pace', 'Friendly help whenever you need it']),
    '<p><strong>Get started today</strong> and see the difference a clear plan makes.</p>',
  ].join('\n');
  return withProse(context, cta);
}

/** Plain body sections get a short checklist when they are long enough to need a break. */
export function bodySection(context: SectionContext): string {
  if (context.budget < 320 || !context.howTo) return context.prose.paragraphsHtml(context.budget);
  const checklist = `<h3>Quick checklist</h3>\n${listHtml([0, 1, 2].map(() => context.prose.sentence(['{action}.', 'Check {point} before moving on.', 'Avoid {risk}.', 'Keep notes on {keyword}.'])))}`;
  const firstHalf = context.prose.paragraphsHtml(Math.round(context.budget * 0.55));
  const rest = context.budget - Math.round(context.budget * 0.55) - 25;
  return `${firstHalf}\n${checklist}\n${context.prose.paragraphsHtml(Math.max(20, rest))}`;
}
