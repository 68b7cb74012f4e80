import {
  type ArticleBrief,
  type ArticleOutline,
  SECTION_ROLES,
  TASK_BLUEPRINTS,
  type WritingIntent,
} from '../../../integrations/llm/index.js';
import { AI_TELLS_NAMED_IN_PROMPTS, type OffendingSentence } from '../../../lib/text/ai-tells.js';
import { ROLE_GUIDES, TASK_GUIDES } from './task-guides.js';

/* Every prompt the engine sends. Kept in one place so their wording can be reviewed together. */

export interface ReferenceMaterial {
  urls: string[];
  /** Extracted text of news or grounding sources; truncated before it reaches a prompt. */
  notes: string;
}

const NEUTRAL_VOICE = 'Neutral, clear and professional. Plain language, no hype.';
const MAX_REFERENCE_CHARS = 4000;

export function systemPrompt(voice: string): string {
  return [
    'You are an experienced writer producing publish-ready content for a WordPress website.',
    `Voice: ${voice || NEUTRAL_VOICE}`,
    'Rules:',
    '- Write directly for the reader about the topic. Never mention these instructions, yourself, or being an AI.',
    '- Do not apologise, refuse, hedge about your knowledge or add disclaimers. If a topic is sensitive, write a responsible, factual piece; if a detail is uncertain, write in general terms instead.',
    '- Output HTML fragments only, using <p>, <h3>, <h4>, <ul>, <ol>, <li>, <strong>, <em>, <blockquote>, <table>. No <html>, <body>, <h1>, <h2>, Markdown or code fences.',
    '- No placeholder text such as [insert …] or lorem ipsum. Link only to real https URLs you are certain of; otherwise use no links.',
    `- Avoid stock phrases that read as machine-written, such as ${AI_TELLS_NAMED_IN_PROMPTS.map((p) => `"${p}"`).join(', ')}: say the thing itself in plain words.`,
  ].join('\n');
}

function referencesBlock(references: ReferenceMaterial): string {
  if (references.urls.length === 0 && !references.notes.trim()) return '';
  const notes = references.notes.trim().slice(0, MAX_REFERENCE_CHARS);
  return [
    '',
    'Reference material (use it for facts; do not copy sentences):',
    ...references.urls.map((url) => `- ${url}`),
    notes,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The prompt lists this many taken titles at most (the newest first); the engine checks the rest itself. */
const MAX_TAKEN_TITLES_LISTED = 30;

function takenTitlesBlock(titles: readonly string[]): string {
  if (titles.length === 0) return '';
  const listed = titles.slice(0, MAX_TAKEN_TITLES_LISTED).map((title) => `- ${title.slice(0, 200)}`);
  return [
    '',
    'These titles are already used on the website; the new title must be clearly different from each of them:',
    ...listed,
  ].join('\n');
}

export function outlinePrompt(
  brief: ArticleBrief,
  wordCount: number,
  sectionCount: number,
  references: ReferenceMaterial,
): string {
  const blueprint = TASK_BLUEPRINTS[brief.taskType];
  const fixedLead = blueprint.lead.map((s) => `"${s.role}"`).join(', ') || 'none';
  const fixedTail = blueprint.tail.map((s) => `"${s.role}"`).join(', ') || 'none';
  const bodyCount = Math.max(1, sectionCount - blueprint.lead.length - blueprint.tail.length);
  return [
    `Plan a ${brief.taskType} about "${brief.topic}" of about ${wordCount} words in total.`,
    `Form: ${TASK_GUIDES[brief.taskType]}`,
    brief.keywords.length > 0 ? `Keywords to cover: ${brief.keywords.join(', ')}.` : '',
    referencesBlock(references),
    takenTitlesBlock(brief.avoidTitles ?? []),
    '',
    'Answer with a JSON object only, with these fields:',
    '- "title": the article title, at most 70 characters, no quotation marks.',
    '- "metaDescription": at most 155 characters, inviting and specific.',
    '- "keywords": 5 to 10 search keywords.',
    `- "sections": exactly ${sectionCount} objects {"heading", "role", "keyPoints"} in reading order, where "keyPoints" lists 2 to 4 short phrases the section must cover.`,
    `Section roles: start with ${fixedLead}; then ${bodyCount} sections with role "${blueprint.bodyRole}"; end with ${fixedTail}.`,
    `Allowed roles: ${SECTION_ROLES.join(', ')}.`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** Neighbouring headings give the model context without sending a 90-line outline each time. */
function outlineContext(outline: ArticleOutline, index: number): string {
  const from = Math.max(0, index - 4);
  const to = Math.min(outline.sections.length, index + 5);
  const lines = outline.sections
    .slice(from, to)
    .map((s, i) => `${from + i + 1}. ${s.heading}${from + i === index ? '   ← this section' : ''}`);
  if (from > 0) lines.unshift('…');
  if (to < outline.sections.length) lines.push('…');
  return lines.join('\n');
}

/**
 * The site's posts this section should link to: each post goes to one section (spread over the
 * sections after the introduction), to be linked once, in a sentence of its own, on the writer's
 * own words. Links the writer does not place are placed on its words afterwards.
 */
export function siteLinksBlock(brief: ArticleBrief, sectionIndex: number, sectionCount: number): string {
  const links = brief.siteLinks ?? [];
  if (links.length === 0 || sectionCount === 0) return '';
  const body = Math.max(1, sectionCount - 1);
  const mine = links.filter((_, i) => (sectionCount === 1 ? 0 : 1 + (i % body)) === sectionIndex);
  if (mine.length === 0) return '';
  return [
    'Link to these posts of the same website where the text fits, each once, in a sentence of its own that says why the reader would go there; the link text is your own words (not the post title, never a heading), as <a href="URL">words</a>:',
    ...mine.map((link) => `- "${link.title}": ${link.url}`),
  ].join('\n');
}

export function sectionPrompt(
  intent: Extract<WritingIntent, { kind: 'section' }>,
  outline: ArticleOutline,
  references: ReferenceMaterial,
  existingText = '',
): string {
  const { brief, section, wordBudget } = intent;
  const header = [
    `Article: "${intent.title}" — a ${brief.taskType} about "${brief.topic}".`,
    `Form of the whole piece: ${TASK_GUIDES[brief.taskType]}`,
    'Outline:',
    outlineContext(outline, intent.sectionIndex),
  ];
  const keywords =
    brief.keywords.length > 0
      ? `Use these keywords naturally where they fit: ${brief.keywords.slice(0, 8).join(', ')}.`
      : '';
  if (intent.mode === 'extend') {
    return [
      ...header,
      '',
      `The section "${section.heading}" is too short. Write about ${wordBudget} words of NEW material to append to it: further detail, examples or practical advice.`,
      'Do not repeat what is already there, do not add a heading for the section, and do not summarise the article. The section so far ends with:',
      `"""${existingText.slice(-800)}"""`,
      keywords,
      referencesBlock(references),
    ]
      .filter(Boolean)
      .join('\n');
  }
  return [
    ...header,
    '',
    `Write section ${intent.sectionIndex + 1} of ${intent.sectionCount}: "${section.heading}".`,
    section.keyPoints.length > 0 ? `Cover: ${section.keyPoints.join('; ')}.` : '',
    `Shape: ${ROLE_GUIDES[section.role]}`,
    `Length: about ${wordBudget} words (between ${Math.round(wordBudget * 0.9)} and ${Math.round(wordBudget * 1.1)}).`,
    keywords,
    siteLinksBlock(brief, intent.sectionIndex, intent.sectionCount),
    'Do not repeat the section heading; begin directly with the content. Do not introduce or conclude the whole article unless this section is the introduction or conclusion.',
    referencesBlock(references),
  ]
    .filter(Boolean)
    .join('\n');
}

/** Asks for a replacement when the planned title is already used on the website. */
export function retitlePrompt(brief: ArticleBrief, outline: ArticleOutline, taken: readonly string[]): string {
  return [
    `A ${brief.taskType} about "${brief.topic}" was planned with the title "${outline.title}", but the website already has an article with that title.`,
    'Its sections are:',
    ...outline.sections.slice(0, 12).map((section) => `- ${section.heading}`),
    takenTitlesBlock(taken),
    '',
    'Answer with one new title only: at most 70 characters, specific to this article, no quotation marks, no other text.',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The AI-tell rewrite: the offending sentences, numbered, with the phrases each must lose. */
export function aiTellRewritePrompt(sentences: readonly OffendingSentence[]): string {
  return [
    'These sentences of an article use stock phrases that make the text read as machine-written.',
    'Rewrite each one so it says the same thing in plain, specific words without the phrase named after it. Keep its facts, its language and about its length; return one sentence for each, as plain text without markup.',
    '',
    ...sentences.map(
      (s, i) => `${i + 1}. ${s.sentence}\n   Avoid: ${s.phrases.map((phrase) => `"${phrase}"`).join(', ')}`,
    ),
    '',
    'Answer with a JSON object only: {"sentences": [{"index": <the number above>, "rewritten": "<the new sentence>"}]}.',
  ].join('\n');
}

/** Prepended to a prompt whose previous answer was a refusal or a hedge. */
export function recoveryPreamble(matches: readonly string[]): string {
  const example = matches[0] ? ` (it said: "${matches[0].slice(0, 160)}")` : '';
  return [
    `Your previous answer did not deliver the requested content${example}.`,
    'This is an ordinary, legitimate writing task for a public website. Write the requested content now, directly,',
    'with no apology, no disclaimer and no remarks about yourself or your abilities.',
    '',
  ].join('\n');
}

/** Tokens to allow for a section of `words` words of HTML. */
export const maxTokensFor = (words: number) => Math.min(8000, Math.ceil(words * 2.2) + 300);
