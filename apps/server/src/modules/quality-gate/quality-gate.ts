import {
  AI_TELL_MAX_QUOTED,
  type ExistingPost,
  type QualityFinding,
  type QualityReport,
  type QualitySeverity,
  type ResemblingPost,
  SAMENESS_ASPECT_LABELS,
} from '@abp/contracts';
import { findBrokenHtml, findDeadLinks } from '../../lib/html/html-checks.js';
import { countWords } from '../../lib/html/html-text.js';
import { webAddress } from '../../lib/html/web-link.js';
import { findAiTells } from '../../lib/text/ai-tells.js';
import { detectRefusal } from '../../lib/text/refusal-detector.js';

export interface QualityGateInput {
  title: string;
  /** Article HTML. */
  content: string;
}

export interface QualityGateOptions {
  /** The word count that was asked for; without it the length rule is skipped. */
  targetWordCount?: number;
  /** Titles of the site's other articles, for the duplicate check. */
  otherTitlesOnSite?: readonly string[];
  /**
   * Posts that already cover the article's subject (site knowledge's judgement, issue #32): on its
   * own site, or (`otherSite`, that site's name) on another of the operator's sites.
   */
  existingPostsOnSite?: ReadonlyArray<{ title: string; link: string; otherSite?: string | null }>;
  /**
   * Written by the offline writer: a warning ('note'), or a finding that needs the operator's
   * confirmation ('confirm': publishing it live by hand, the way "Publish anyway?" works).
   */
  writtenOffline?: 'note' | 'confirm';
  /** Articles already on WordPress whose body is nearly the same: on this site, and on another of the operator's sites. */
  duplicateBodies?: {
    sameSite: NearDuplicate | null;
    otherSite: NearDuplicate | null;
  };
  /** Sentences with AI-tell phrases a model rewrote before this report (issue #33). */
  aiTellsRewritten?: number;
  /** The site's recent posts this article is made alike (the sameness check, issue #33), of `compared` looked at. */
  sameness?: { resembles: ResemblingPost[]; compared: number };
}

export interface NearDuplicate {
  title: string;
  siteName: string;
  link: string | null;
  /** 0–1. */
  similarity: number;
}

/** A post's address as the operator recognises it: its path ("/how-to-start-composting/"), or the whole link. */
function shortLink(link: string): string {
  try {
    const url = new URL(link);
    return url.search ? `${url.pathname}${url.search}` : url.pathname;
  } catch {
    return link;
  }
}

/** The post a duplicate finding names, for a screen to link to: only a web address is a link. */
function existingPost(title: string, link: string | null, siteName: string | null): ExistingPost {
  return { title, link: webAddress(link), site_name: siteName };
}

/** The quality report's note on an article written without a model (issue #18 item 3). */
export const OFFLINE_WRITER_FINDING =
  'Written by the offline writer, no model: demonstration text that readers would leave and search engines would call thin content. Set a real provider in Settings before publishing it.';

const SEVERITY_ORDER: QualitySeverity[] = ['none', 'minor', 'major', 'severe'];
const LONG_CONTENT_WORDS = 800;

const PLACEHOLDERS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\[\s*(?:insert|add|your|placeholder|todo|link|image|company|name|url|keyword)\b[^\]]{0,80}\]/i,
    'bracketed placeholder',
  ],
  [/\blorem ipsum\b/i, 'lorem ipsum'],
  [/\{\{[^}]{1,60}\}\}/, 'template placeholder'],
  // The model talking about itself, not "As an AI researcher, she…".
  [
    /\bAs an AI\b(?!\s+(?:researcher|engineer|expert|company|startup|ethicist|developer|scientist|tool|system|product|team))/,
    '"As an AI"',
  ],
  [/\bTODO\b|\bTBD\b/, 'TODO marker'],
];

const normaliseTitle = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Checks run before publishing. A severe finding blocks the publish unless it is forced. */
export function runQualityGate(article: QualityGateInput, options: QualityGateOptions = {}): QualityReport {
  const findings: QualityFinding[] = [];
  const add = (
    rule: QualityFinding['rule'],
    severity: QualityFinding['severity'],
    message: string,
    existing?: ExistingPost,
  ) => findings.push({ rule, severity, message, ...(existing ? { existing_post: existing } : {}) });
  const words = countWords(article.content);
  const title = article.title.trim();

  if (words === 0) add('empty_content', 'severe', 'The article has no content.');
  if (options.targetWordCount && options.targetWordCount > 0 && words > 0) {
    const ratio = words / options.targetWordCount;
    const text = `${words} words, ${Math.round(ratio * 100)}% of the ${options.targetWordCount} requested`;
    if (ratio < 0.6) add('word_count', 'severe', `Far too short: ${text}.`);
    else if (ratio < 0.85) add('word_count', 'minor', `Shorter than requested: ${text}.`);
  }
  const refusal = detectRefusal(`${title}\n${article.content}`);
  if (refusal.refused)
    add(
      'refusal',
      'severe',
      `Contains refusal or hedge text: "${refusal.matches[0]}"${refusal.matches.length > 1 ? ` and ${refusal.matches.length - 1} more` : ''}.`,
    );
  const placeholders = PLACEHOLDERS.filter(([pattern]) => pattern.test(`${title}\n${article.content}`)).map(
    ([, name]) => name,
  );
  if (placeholders.length > 0) add('placeholder', 'severe', `Contains placeholder text: ${placeholders.join(', ')}.`);
  if (!title) add('empty_title', 'severe', 'The title is empty.');
  else if ((options.otherTitlesOnSite ?? []).some((other) => normaliseTitle(other) === normaliseTitle(title))) {
    add('duplicate_title', 'severe', `Another article on this site already has the title "${title}".`);
  }
  const existing = options.existingPostsOnSite?.[0];
  if (existing?.otherSite)
    add(
      'already_on_site',
      'severe',
      `"${existing.title}" on ${existing.otherSite} already covers this subject: ${existing.link}`,
      existingPost(existing.title, existing.link, existing.otherSite),
    );
  else if (existing)
    add(
      'already_on_site',
      'severe',
      `"${existing.title}" already exists on the site: ${shortLink(existing.link)}`,
      existingPost(existing.title, existing.link, null),
    );
  const { sameSite, otherSite } = options.duplicateBodies ?? { sameSite: null, otherSite: null };
  const alike = (match: NearDuplicate) => `${Math.round(match.similarity * 100)}% of the text alike`;
  if (sameSite) {
    add(
      'near_duplicate',
      'severe',
      `Nearly the same text as "${sameSite.title}" (${alike(sameSite)}), already on the site${sameSite.link ? `: ${shortLink(sameSite.link)}` : ''}.`,
      existingPost(sameSite.title, sameSite.link, null),
    );
  }
  if (otherSite) {
    add(
      'cross_site_duplicate',
      'severe',
      `The same text is already on ${otherSite.siteName || 'another site'}: "${otherSite.title}" (${alike(otherSite)}${otherSite.link ? `, ${otherSite.link}` : ''}); search engines treat it as duplicate content.`,
      existingPost(otherSite.title, otherSite.link, otherSite.siteName || null),
    );
  }
  if (words > LONG_CONTENT_WORDS && !/<h[2-4]\b/i.test(article.content))
    add('no_headings', 'major', `${words} words with no headings: long content needs h2/h3 sections.`);
  const broken = findBrokenHtml(article.content);
  if (broken.length > 0)
    add('broken_html', 'major', `Broken HTML: ${broken.slice(0, 3).join('; ')}${broken.length > 3 ? '; …' : ''}.`);
  const dead = findDeadLinks(article.content);
  if (dead.length > 0)
    add('dead_links', 'major', `Links to nowhere: ${dead.slice(0, 3).join('; ')}${dead.length > 3 ? '; …' : ''}.`);
  const tells = findAiTells(article.content, title);
  if (tells.count > 0) {
    // A warning only: stock phrases make a text read as machine-made, not unfit to publish.
    const named = tells.phrases
      .slice(0, 4)
      .map((p) => `"${p.phrase}"${p.count > 1 ? ` ×${p.count}` : ''}`)
      .join(', ');
    const sentences = tells.sentences.length;
    findings.push({
      rule: 'ai_tells',
      severity: 'minor',
      message: `Reads as machine-written in places: ${tells.count} stock phrase${tells.count === 1 ? '' : 's'} (${named}${tells.phrases.length > 4 ? ', …' : ''}) in ${sentences} sentence${sentences === 1 ? '' : 's'}.`,
      ai_tells: {
        count: tells.count,
        phrases: tells.phrases,
        sentences: tells.sentences.slice(0, AI_TELL_MAX_QUOTED).map((s) => s.sentence.slice(0, 400)),
        rewritten: options.aiTellsRewritten ?? 0,
      },
    });
  }
  const resembling = options.sameness?.resembles ?? [];
  if (resembling.length > 0) {
    const first = resembling[0]!;
    findings.push({
      rule: 'sameness',
      severity: 'minor',
      message: `Made like recent posts of this site: it resembles ${resembling.length} of the last ${options.sameness?.compared ?? resembling.length} (e.g. "${first.title}": ${first.ways.map((way) => SAMENESS_ASPECT_LABELS[way]).join(', ')}). Search engines treat many posts from one template as scaled content.`,
      resembles: resembling.slice(0, 5),
    });
  }
  if (options.writtenOffline) {
    // Demonstration text: a warning wherever the article could go live; by hand, it asks first.
    add('offline_writer', options.writtenOffline === 'confirm' ? 'severe' : 'minor', OFFLINE_WRITER_FINDING);
  }

  const severity = findings.reduce<QualitySeverity>(
    (worst, f) => (SEVERITY_ORDER.indexOf(f.severity) > SEVERITY_ORDER.indexOf(worst) ? f.severity : worst),
    'none',
  );
  const issues = findings.filter((f) => f.severity !== 'minor');
  const warnings = findings.filter((f) => f.severity === 'minor');
  const blocking = severity === 'severe';
  const message =
    findings.length === 0
      ? 'Quality gate passed.'
      : `Quality gate ${blocking ? 'blocked publishing' : 'found problems'}: ${findings.map((f) => f.message).join(' ')}`;
  return { severity, message, issues, warnings, blocking };
}
