/*
 * Sentence templates for the offline writer's how-to prose, grouped by the job a sentence does in
 * a paragraph. Slots: {topic} {point} {keyword} {reader} {timeframe} {number} {adjective}
 * {benefit} {risk} {action}. Written to read naturally with any topic; none of them apologises
 * or talks about the writer.
 */

/** One genre's sentences, by the job each does in a paragraph. */
export interface ProseBank {
  openers: readonly string[];
  explanations: readonly string[];
  examples: readonly string[];
  advice: readonly string[];
  cautions: readonly string[];
  closers: readonly string[];
}

const OPENERS = [
  '{point} shapes almost every decision you make about {topic}.',
  'Most people who do well with {topic} start by paying attention to {point}.',
  'It is easy to overlook {point}, yet it often decides how {topic} turns out.',
  'A good way into this part of {topic} is to look closely at {point}.',
  'Anyone who has spent time on {topic} will recognise how much depends on {point}.',
  '{point} deserves more attention than it usually gets.',
  'If there is one thing to get right early, it is {point}.',
  'Ask a few experienced people about {topic} and {point} comes up quickly.',
  'Before going further, it helps to be clear about {point}.',
  'The difference between a frustrating and a rewarding experience with {topic} often comes down to {point}.',
  'Much of the advice about {topic} circles back to {point}.',
  'Start with {point}, because everything else builds on it.',
];

const EXPLANATIONS = [
  'When {point} is handled well, the rest of the work becomes noticeably easier.',
  'The reason is simple: {topic} rewards steady, deliberate effort far more than bursts of enthusiasm.',
  'This matters because small choices made early tend to compound over time.',
  '{keyword} is a good example, since a little planning there {benefit}.',
  'In practice, a {adjective} approach {benefit} and leaves room to adjust later.',
  'Seen this way, {topic} is less about talent and more about a {adjective} routine.',
  'That is why {reader} often get better results by keeping the first version small.',
  'A clear picture of {point} also makes it easier to explain your choices to others.',
  'Each improvement here {benefit}, which makes the next step less daunting.',
  'It also gives you a baseline, so you can tell whether a later change actually helped.',
  'Attention to {keyword} tends to pay for itself, because it {benefit}.',
  'None of this requires special equipment, only a willingness to notice what is happening.',
];

const EXAMPLES = [
  'Consider someone who sets aside {number} short sessions a week for {topic}: {timeframe} they usually know what works for them and what does not.',
  'A typical example is the person who focuses on {keyword} first and only then widens the scope.',
  'For instance, {reader} who review their notes {timeframe} tend to spot patterns that are invisible day to day.',
  'Picture two people starting {topic} at the same time; the one who watches {point} is usually further ahead {timeframe}.',
  'Take {keyword} as a case in point: the first attempt is rarely perfect, but the third is usually far better.',
  'A small café, a busy parent and a weekend hobbyist would each approach {keyword} differently, and each can succeed.',
  'Think of a neighbour who keeps a simple checklist for {keyword}; that single habit {benefit}.',
];

const ADVICE = [
  'A practical next step is to {action}.',
  'Try to {action}; it costs little and pays off quickly.',
  'If you are unsure where to begin, {action}.',
  'It is worth taking a moment to {action} before moving on.',
  'Many experienced practitioners {action} as a matter of routine.',
  'Keep your plan for {keyword} short enough to fit on a single page.',
  'Write down what you expect to happen, then compare it with what actually happens.',
  'Give each change at least {number} attempts before deciding whether it works.',
];

const CAUTIONS = [
  'The most common trap is {risk}.',
  'Be careful about {risk}, which quietly undoes a lot of good work.',
  'Watch out for {risk}; it is the reason many people give up on {topic} too early.',
  'Progress stalls most often when people fall into {risk}.',
  'It is tempting to speed things up, but {risk} usually costs more time than it saves.',
];

const CLOSERS = [
  'Get this right and the rest of {topic} falls into place more easily.',
  'With that foundation in place, the next steps feel far less uncertain.',
  'Small, consistent improvements here add up to a noticeable difference.',
  'Over time, this becomes second nature rather than a chore.',
  'That steady approach is what separates lasting results from short-lived ones.',
  'The effort is modest, and the payoff shows up sooner than most people expect.',
];

export const GUIDE_BANK: ProseBank = {
  openers: OPENERS,
  explanations: EXPLANATIONS,
  examples: EXAMPLES,
  advice: ADVICE,
  cautions: CAUTIONS,
  closers: CLOSERS,
};

export const SLOT_VALUES = {
  reader: [
    'beginners',
    'busy readers',
    'small teams',
    'families',
    'first-timers',
    'experienced practitioners',
    'people on a tight budget',
    'people short on time',
  ],
  timeframe: [
    'within a few weeks',
    'by the end of the first month',
    'within a season',
    'after a handful of attempts',
    'over a long weekend',
    'by the second month',
  ],
  number: ['two', 'three', 'four', 'five'],
  adjective: ['practical', 'reliable', 'simple', 'thoughtful', 'steady', 'realistic', 'clear', 'flexible', 'patient'],
  benefit: [
    'saves time later',
    'reduces waste',
    'builds confidence',
    'keeps costs predictable',
    'makes results easier to repeat',
    'avoids last-minute surprises',
    'keeps motivation high',
    'makes problems easier to spot',
  ],
  risk: [
    'rushing the early steps',
    'copying a plan that was built for someone else',
    'skipping the basics',
    'measuring the wrong thing',
    'changing too many things at once',
    'ignoring small warning signs',
    'waiting for perfect conditions',
  ],
  action: [
    'write down one clear goal',
    'set aside a regular slot in the week',
    'keep a short log of what you try',
    'start with the simplest version that works',
    'ask someone experienced to look over your plan',
    'review the results after each attempt',
    'list the three things that matter most to you',
    'budget a little more time than you think you need',
  ],
} as const;

/** Key points for sections whose heading gives no better hint. */
export const GENERIC_POINTS = [
  'a clear first goal',
  'the time you can realistically commit',
  'the cost of the basic equipment',
  'a simple way to track results',
  'the habits that make progress stick',
  'feedback from people who have done it before',
  'the order in which things are done',
  'the quality of the materials you start with',
  'the way small details add up',
  'a realistic sense of what good looks like',
  'the trade-off between speed and care',
  'the conditions you work in',
];

/** Heading words that suggest better key points than the generic ones. */
export const POINT_HINTS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [
    /mistake|trap|avoid|trouble|problem/i,
    [
      'the mistakes people make most often',
      'the early warning signs of trouble',
      'a calm way to recover from a bad result',
    ],
  ],
  [
    /tool|equipment|resource/i,
    [
      'the few tools that earn their place',
      'the difference between useful and merely shiny equipment',
      'free resources worth bookmarking',
    ],
  ],
  [
    /budget|cost|pric|value/i,
    [
      'the real cost once everything is counted',
      'where spending a little more pays off',
      'the expenses people forget to plan for',
    ],
  ],
  [
    /start|basic|begin|introduc/i,
    ['a sensible first step', 'the basic vocabulary', 'what to expect in the first few weeks'],
  ],
  [
    /progress|measur|result|success/i,
    ['a simple way to track results', 'signs that things are improving', 'what good results look like in practice'],
  ],
  [
    /tip|expert|advanced|technique/i,
    [
      'the small refinements experienced people rely on',
      'techniques that only make sense after the basics',
      'the habits of people who do this well',
    ],
  ],
  [
    /myth|misconception/i,
    ['the myths that refuse to go away', 'what the evidence actually suggests', 'where popular advice goes wrong'],
  ],
  [
    /habit|routine|lasting/i,
    ['a routine that survives a busy week', 'cues that make the habit automatic', 'how to restart after a break'],
  ],
  [
    /chang|trend|future/i,
    ['what is changing right now', 'ideas that are gaining ground', 'what to watch over the next few years'],
  ],
];
