/*
 * The AI-tell check (issue #33 §4): stock phrases and constructions that read as machine-written.
 * The list is the product's own judgement; each entry names the phrase as the report shows it and
 * a pattern for its small variants ("delves into", "delving into"). Matching is case-insensitive,
 * on word boundaries, with curly quotes read as straight ones.
 */
import { htmlToText } from '../html/html-text.js';

export interface AiTellPhrase {
  /** As the report and the prompt name it. */
  phrase: string;
  /** Regular expression source, matched on word boundaries, case-insensitive, against text with straight quotes. */
  pattern: string;
}

export const AI_TELL_PHRASES: readonly AiTellPhrase[] = [
  {
    phrase: "in today's fast-paced world",
    pattern:
      "in today'?s (?:fast-paced|digital|modern|ever-changing|rapidly changing|competitive|busy) (?:world|age|landscape|era|environment)",
  },
  { phrase: 'delve into', pattern: 'delv(?:e|es|ed|ing) (?:deep(?:er|ly)? )?into' },
  { phrase: 'unlock the power of', pattern: 'unlock(?:s|ed|ing)? the (?:full |true )?(?:power|potential|secrets?) of' },
  { phrase: 'harness the power of', pattern: 'harness(?:es|ed|ing)? the (?:full |true )?power of' },
  {
    phrase: "it's important to note",
    pattern:
      "it(?:'s| is) (?:important|worth|crucial|essential|vital) to (?:note|remember|mention|keep in mind|recognize|recognise)",
  },
  { phrase: "it's worth noting", pattern: "it(?:'s| is) worth noting" },
  { phrase: 'in conclusion', pattern: 'in conclusion' },
  { phrase: 'in summary', pattern: 'in summary|to sum (?:it )?up|to summari[sz]e' },
  {
    phrase: 'navigating the landscape',
    pattern:
      'navigat(?:e|es|ed|ing) the (?:complex |ever-changing |ever-evolving |evolving |intricate |tricky )?(?:landscape|complexities|waters|maze|intricacies)',
  },
  { phrase: 'a testament to', pattern: 'a testament to' },
  { phrase: 'game-changer', pattern: 'game[- ]?chang(?:er|ers|ing)' },
  {
    phrase: 'embark on a journey',
    pattern: 'embark(?:s|ed|ing)? (?:on|upon) (?:a|an|this|your|the|our) (?:[a-z-]+ )?(?:journey|adventure|quest)',
  },
  { phrase: 'in the realm of', pattern: 'in the realm of' },
  { phrase: 'a rich tapestry', pattern: '(?:rich|intricate|vibrant|colorful|colourful) tapestry|tapestry of' },
  { phrase: 'ever-evolving', pattern: 'ever-(?:evolving|changing|growing) (?:world|landscape|field|industry|realm)' },
  { phrase: 'look no further', pattern: 'look no further' },
  {
    phrase: "whether you're a seasoned",
    pattern: "whether you(?:'re| are) an? (?:seasoned|experienced|beginner|novice)",
  },
  { phrase: 'elevate your', pattern: 'elevat(?:e|es|ing) your' },
  { phrase: 'dive deep into', pattern: '(?:dive|dives|dived|diving) deep(?:er)? into|a deep dive into' },
  { phrase: "let's dive in", pattern: "let(?:'s| us) (?:dive|jump) (?:right )?in" },
  {
    phrase: 'plays a crucial role',
    pattern: 'play(?:s|ed|ing)? (?:a |an )?(?:crucial|pivotal|vital|key|significant|integral|essential) role',
  },
  { phrase: 'seamlessly integrate', pattern: 'seamless(?:ly)? integrat(?:e|es|ed|es|ing|ion)' },
  { phrase: 'when it comes to', pattern: 'when it comes to' },
  { phrase: 'at the end of the day', pattern: 'at the end of the day' },
  { phrase: 'a myriad of', pattern: '(?:a )?myriad of' },
  { phrase: 'a plethora of', pattern: '(?:a )?plethora of' },
  { phrase: 'not only … but also', pattern: 'not only\\b[^.!?]{1,80}?\\bbut also' },
  {
    phrase: "it's not just about …, it's about",
    pattern: "it(?:'s| is) not just about\\b[^.!?]{1,80}?\\bit(?:'s| is) about",
  },
  { phrase: 'without further ado', pattern: 'without further ado' },
  { phrase: 'buckle up', pattern: 'buckle up' },
  { phrase: 'a beacon of', pattern: 'a beacon of' },
  {
    phrase: 'in this article, we will',
    pattern: "in this (?:article|post|blog post|guide),? (?:we(?:'ll| will)|you(?:'ll| will)|we are going to)",
  },
  { phrase: 'key takeaways', pattern: 'key takeaways?' },
  { phrase: 'revolutionize the way', pattern: 'revolutioni[sz](?:e|es|ed|ing) the way' },
  { phrase: 'cutting-edge', pattern: 'cutting-edge' },
  { phrase: 'foster a sense of', pattern: 'foster(?:s|ed|ing)? a sense of' },
  {
    phrase: 'unleash your',
    pattern: 'unleash(?:es|ed|ing)? (?:the|your) (?:full |true |inner )?(?:potential|power|creativity)',
  },
  { phrase: 'a treasure trove', pattern: 'treasure trove' },
  { phrase: 'shed light on', pattern: '(?:shed|sheds|shedding) (?:some |new )?light on' },
  { phrase: 'bustling', pattern: 'bustling (?:city|cities|streets?|world|hub|metropolis|markets?)' },
  { phrase: 'nestled in', pattern: 'nestled (?:in|among|between|within)' },
  { phrase: 'a symphony of', pattern: 'a symphony of' },
  { phrase: 'the intricacies of', pattern: 'intricacies of' },
  { phrase: 'stay ahead of the curve', pattern: '(?:stay|stays|staying) ahead of the curve' },
  { phrase: 'take it to the next level', pattern: 'to the next level' },
  { phrase: 'in an era of', pattern: "in (?:an|this|today's) (?:era|age) (?:of|where|when)" },
  { phrase: 'the digital age', pattern: 'the digital age' },
  { phrase: 'empower you to', pattern: 'empower(?:s|ed|ing)? (?:you|readers|businesses|users|individuals) to' },
  { phrase: 'a comprehensive guide', pattern: '(?:a|this|our) comprehensive guide' },
  { phrase: 'the ultimate guide', pattern: 'the ultimate guide' },
  { phrase: 'it goes without saying', pattern: 'it goes without saying' },
  { phrase: 'needless to say', pattern: 'needless to say' },
  { phrase: 'first and foremost', pattern: 'first and foremost' },
  { phrase: 'last but not least', pattern: 'last but not least' },
  { phrase: 'resonate with', pattern: 'resonat(?:e|es|ed|ing) (?:deeply )?with' },
  { phrase: 'pave the way', pattern: 'pav(?:e|es|ed|ing) the way (?:for|to)' },
  { phrase: 'ever wondered', pattern: '(?:have you )?ever wondered' },
  { phrase: 'imagine a world', pattern: 'imagine a world|picture this' },
  { phrase: 'meticulous', pattern: 'meticulous(?:ly)?' },
  { phrase: 'underscores the importance', pattern: 'underscor(?:e|es|ed|ing) the (?:importance|need|significance)' },
  { phrase: 'serves as a reminder', pattern: 'serv(?:e|es|ed|ing) as a (?:reminder|testament|beacon)' },
  { phrase: 'a wide array of', pattern: 'a (?:wide|vast|diverse|broad) (?:array|range|spectrum) of' },
  { phrase: "whether you're looking to", pattern: "whether you(?:'re| are) (?:looking|trying|hoping|aiming) to" },
  { phrase: 'the world of', pattern: '(?:into|in|explore) the (?:fascinating|exciting|wonderful) world of' },
  { phrase: 'a crucial aspect', pattern: 'an? (?:crucial|vital|essential|integral) (?:aspect|component|part) of' },
  { phrase: 'ensure a seamless', pattern: 'ensur(?:e|es|ed|ing) (?:a )?(?:seamless|smooth|hassle-free)' },
  { phrase: 'in the ever-changing', pattern: 'in the ever-(?:changing|evolving)' },
];

/** The few the generation prompts name (a prompt with sixty phrases would teach the model the rest). */
export const AI_TELLS_NAMED_IN_PROMPTS = [
  "in today's fast-paced world",
  'delve into',
  'unlock the power of',
  "it's important to note",
  'in conclusion',
  'navigating the landscape',
  'a testament to',
  'game-changer',
  'embark on a journey',
  'in the realm of',
  'rich tapestry',
  'elevate your',
] as const;

const COMPILED = AI_TELL_PHRASES.map((entry) => ({
  phrase: entry.phrase,
  regex: new RegExp(`(?<![\\p{L}\\p{N}'-])(?:${entry.pattern})(?![\\p{L}\\p{N}-])`, 'giu'),
}));

/** Curly quotes and odd spaces read as their plain forms, so "today’s" matches "today's". */
export function normaliseQuotes(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/[\u00A0\u202F]/g, ' ');
}

/** The phrases of the list found in one piece of text, each as many times as it occurs. */
export function aiTellsIn(text: string): string[] {
  return tellsIn(text, COMPILED);
}

function tellsIn(text: string, patterns: typeof COMPILED): string[] {
  const plain = normaliseQuotes(text);
  const found: string[] = [];
  for (const { phrase, regex } of patterns) {
    regex.lastIndex = 0;
    for (const _match of plain.matchAll(regex)) found.push(phrase);
  }
  return found;
}

/**
 * The patterns found anywhere in these texts (one per line): a phrase a sentence holds is found in
 * them too, since a line break is a boundary as a sentence's start and end are. Asking each of an
 * article's two hundred sentences only these (usually none) instead of all sixty is what keeps the
 * check cheap on the thread that answers requests.
 */
function patternsPresentIn(texts: readonly string[]): typeof COMPILED {
  const plain = normaliseQuotes(texts.join('\n'));
  return COMPILED.filter(({ regex }) => {
    regex.lastIndex = 0;
    const present = regex.test(plain);
    regex.lastIndex = 0;
    return present;
  });
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The sentences of an article's HTML: each block (paragraph, list item, heading) on its own line,
 * split by the runtime's ICU sentence rules (Intl.Segmenter: "e.g." and "Dr." do not end a sentence).
 */
export function sentencesOf(html: string): string[] {
  return htmlToText(html)
    .split('\n')
    .flatMap((line) => [...segmenter.segment(line)].map((s) => s.segment.trim()))
    .filter((sentence) => sentence.length > 0);
}

export interface OffendingSentence {
  sentence: string;
  phrases: string[];
}

export interface AiTellFindings {
  /** Occurrences of listed phrases in the whole article. */
  count: number;
  /** Each phrase found, most frequent first. */
  phrases: Array<{ phrase: string; count: number }>;
  /** Every sentence with a phrase, in reading order. */
  sentences: OffendingSentence[];
}

/** The AI-tell check of an article (its title counts too). */
export function findAiTells(html: string, title = ''): AiTellFindings {
  const sentences: OffendingSentence[] = [];
  const counts = new Map<string, number>();
  const all = [...(title.trim() ? [title.trim()] : []), ...sentencesOf(html)];
  const present = patternsPresentIn(all);
  for (const sentence of present.length > 0 ? all : []) {
    const phrases = tellsIn(sentence, present);
    if (phrases.length === 0) continue;
    sentences.push({ sentence, phrases: [...new Set(phrases)] });
    for (const phrase of phrases) counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  }
  const phrases = [...counts]
    .map(([phrase, count]) => ({ phrase, count }))
    .sort((a, b) => b.count - a.count || a.phrase.localeCompare(b.phrase));
  return { count: phrases.reduce((sum, p) => sum + p.count, 0), phrases, sentences };
}

/** A pattern that finds a plain-text sentence in HTML: entities and curly quotes as the HTML may spell them. */
function sentencePatternInHtml(sentence: string): RegExp {
  const alternatives: Record<string, string> = {
    "'": "(?:'|&#39;|&#x27;|&apos;|\u2019|\u2018)",
    '\u2019': "(?:'|&#39;|&#x27;|&apos;|\u2019|&rsquo;)",
    '\u2018': "(?:'|&#39;|&#x27;|&apos;|\u2018|&lsquo;)",
    '"': '(?:"|&quot;|&#34;|\u201C|\u201D)',
    '&': '(?:&amp;|&)',
    '<': '&lt;',
    '>': '&gt;',
    '\u00A0': '(?:\u00A0|&nbsp;| )',
  };
  let source = '';
  for (const char of sentence) {
    if (/\s/.test(char) && char !== '\u00A0') source += '\\s+';
    else source += alternatives[char] ?? char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(source.replace(/(?:\\s\+)+/g, '\\s+'));
}

/**
 * Replaces one sentence of the HTML by another, in place. False when the sentence is not found as
 * plain text (inline markup inside it, such as a link, leaves it as it is: a rewrite must not drop a link).
 */
export function replaceSentenceInHtml(
  html: string,
  sentence: string,
  replacement: string,
  escape: (t: string) => string,
) {
  const pattern = sentencePatternInHtml(sentence);
  const match = pattern.exec(html);
  if (!match) return null;
  return `${html.slice(0, match.index)}${escape(replacement)}${html.slice(match.index + match[0].length)}`;
}
