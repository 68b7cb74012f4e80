import {
  type ArticleBrief,
  type ArticleOutline,
  buildOfflineOutline,
  type OutlineSection,
  sectionRoleSchema,
  TASK_BLUEPRINTS,
} from '../../../integrations/llm/index.js';
import { htmlToPlainText } from '../../../lib/plain-text.js';

/** Sections of ~450 words: long enough to say something, short enough for one reliable model call. */
export function sectionCountFor(wordCount: number): number {
  return Math.max(4, Math.min(90, Math.round(wordCount / 450)));
}

/** A model's line (title, heading, keyword) as plain text: its markup, Markdown marks and quotes gone. */
export const cleanLine = (text: string): string =>
  htmlToPlainText(text)
    .replace(/^[#*\-\d.)\s]+/, '')
    .replace(/[*_`]+/g, '')
    .replace(/^["'“]+|["'”]+$/g, '')
    .trim();

const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const field = (record: Record<string, unknown>, ...names: string[]) =>
  names.map((n) => record[n]).find((v) => v !== undefined);

/** Reads an outline from an answer that was not valid structured output: loose JSON, or Markdown headings. */
export function parseOutlineText(raw: string): ArticleOutline | undefined {
  const text = raw.replace(/```(?:json)?/gi, '').trim();
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  if (json.length > 2) {
    try {
      const data = JSON.parse(json) as Record<string, unknown>;
      const rawSections = field(data, 'sections', 'outline', 'headings', 'h2s', 'h2_headings');
      const sections = (Array.isArray(rawSections) ? rawSections : []).map((entry): OutlineSection | undefined => {
        if (typeof entry === 'string') return { heading: cleanLine(entry), role: 'body', keyPoints: [] };
        if (!entry || typeof entry !== 'object') return undefined;
        const record = entry as Record<string, unknown>;
        const heading = field(record, 'heading', 'title', 'h2', 'name');
        const role = sectionRoleSchema.safeParse(record.role);
        return typeof heading === 'string'
          ? {
              heading: cleanLine(heading),
              role: role.success ? role.data : 'body',
              keyPoints: asStrings(field(record, 'keyPoints', 'key_points', 'points')).slice(0, 8),
            }
          : undefined;
      });
      const title = field(data, 'title');
      const meta = field(data, 'metaDescription', 'meta_description', 'description');
      const candidate = {
        title: typeof title === 'string' ? cleanLine(title) : '',
        metaDescription: typeof meta === 'string' ? meta.trim() : '',
        keywords: asStrings(field(data, 'keywords', 'tags')).slice(0, 20),
        sections: sections.filter((s): s is OutlineSection => !!s && s.heading.length > 0),
      };
      if (candidate.sections.length >= 2) return candidate;
    } catch {
      // Not JSON after all: fall through to reading headings.
    }
  }
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const titleLine = lines.find((line) => /^#\s|^title\s*:/i.test(line));
  const headings = lines
    .filter((line) => /^(##\s|\d+[.)]\s|[-*]\s)/.test(line))
    .map(cleanLine)
    .filter((h) => h.length > 2 && h.length < 150);
  if (headings.length < 2) return undefined;
  return {
    title: titleLine ? cleanLine(titleLine.replace(/^title\s*:/i, '')) : '',
    metaDescription: '',
    keywords: [],
    sections: headings.map((heading) => ({ heading, role: 'body', keyPoints: [] })),
  };
}

/**
 * Makes any outline fit the task type and the length: the blueprint's opening and closing
 * sections present and in place, enough body sections for the word count, clean text fields.
 */
export function normaliseOutline(outline: ArticleOutline, brief: ArticleBrief, wordCount: number): ArticleOutline {
  const blueprint = TASK_BLUEPRINTS[brief.taskType];
  const standard = buildOfflineOutline(brief, sectionCountFor(wordCount));
  const seen = new Set<string>();
  const sections = outline.sections
    .map((s) => ({ ...s, heading: cleanLine(s.heading).slice(0, 150) }))
    .filter((s) => s.heading && !seen.has(s.heading.toLowerCase()) && seen.add(s.heading.toLowerCase()));
  const fixedRoles = new Set([...blueprint.lead, ...blueprint.tail].map((f) => f.role));
  const takeFixed = (role: OutlineSection['role']) =>
    sections.find((s) => s.role === role) ??
    standard.sections.find((s) => s.role === role) ?? { heading: role, role, keyPoints: [] };
  const lead = blueprint.lead.map((f) => takeFixed(f.role));
  const tail = blueprint.tail.map((f) => takeFixed(f.role));
  let body = sections.filter((s) => !fixedRoles.has(s.role));
  const wanted = Math.max(1, sectionCountFor(wordCount) - lead.length - tail.length);
  // Too few sections would ask one call for thousands of words; top up from the standard outline.
  if (body.length < Math.ceil(wanted * 0.6)) {
    const extra = standard.sections.filter((s) => s.role === blueprint.bodyRole && !seen.has(s.heading.toLowerCase()));
    body = [...body, ...extra].slice(0, wanted);
  }
  body = body.slice(0, Math.max(wanted * 2, 1));
  const title = cleanLine(outline.title).slice(0, 200);
  const keywords = [
    ...new Set([...brief.keywords, ...outline.keywords].map((k) => cleanLine(k).toLowerCase()).filter(Boolean)),
  ].slice(0, 10);
  const meta = htmlToPlainText(outline.metaDescription);
  return {
    title: title.length >= 3 ? title : standard.title,
    metaDescription: meta.length >= 20 ? clampMeta(meta) : standard.metaDescription,
    keywords: keywords.length > 0 ? keywords : standard.keywords,
    sections: [...lead, ...body, ...tail],
  };
}

/** The spec describes meta descriptions as at most 160 characters. */
export function clampMeta(text: string): string {
  if (text.length <= 160) return text;
  const cut = text.slice(0, 159);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : 159).replace(/[,;:\s]+$/, '')}…`;
}

/** Text of an outline, for the refusal detector. */
export const outlineText = (outline: ArticleOutline) =>
  [outline.title, outline.metaDescription, ...outline.sections.map((s) => s.heading)].join('\n');

/**
 * An outline whose H2s are the given headings, in that order (an SEO plan's): the planned opening
 * (an intro has no heading) is kept; a planned section with the same heading lends its role and
 * key points; nothing else is added, so the written article's <h2>s are exactly these.
 */
export function followHeadings(outline: ArticleOutline, headings: readonly string[] | undefined): ArticleOutline {
  const seen = new Set<string>();
  const wanted = (headings ?? [])
    .map((h) => cleanLine(h).slice(0, 150))
    .filter((h) => h && !seen.has(h.toLowerCase()) && seen.add(h.toLowerCase()));
  if (wanted.length === 0) return outline;
  const intro = outline.sections[0]?.role === 'intro' ? [outline.sections[0]] : [];
  const byHeading = new Map(outline.sections.map((s) => [s.heading.toLowerCase(), s]));
  const sections = wanted.map((heading): OutlineSection => {
    const match = byHeading.get(heading.toLowerCase());
    return { heading, role: match && match.role !== 'intro' ? match.role : 'body', keyPoints: match?.keyPoints ?? [] };
  });
  return { ...outline, sections: [...intro, ...sections] };
}
