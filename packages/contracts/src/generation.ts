import { z } from 'zod';
import { aiTellDetailsSchema, resemblingPostSchema } from './editorial-checks.js';

/* Content generation vocabulary shared by the server's engine, its routes and the web forms. */

/** The eight task types of the spec, in the order the UI lists them. */
export const TASK_TYPES = [
  'Blog Post',
  'FAQ',
  'Glossary',
  'Landing Page',
  'Recipe',
  'Accurate Historical Account',
  'ACT Like IMDB And Give Me Full Movie Data',
  'Business Information Listing (like yelp)',
] as const;
export const taskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof taskTypeSchema>;
export const DEFAULT_TASK_TYPE: TaskType = 'Blog Post';

/** One line per task type, for pickers and the task-types endpoint. */
export const TASK_TYPE_DESCRIPTIONS: Record<TaskType, string> = {
  'Blog Post': 'An informative article: introduction, sections with headings, conclusion.',
  FAQ: 'Themed groups of questions, each answered directly.',
  Glossary: 'The key terms of a subject with plain-language definitions.',
  'Landing Page': 'Headline, benefits, how it works, testimonials and a call to action.',
  Recipe: 'Ingredients with quantities, numbered steps, tips and variations.',
  'Accurate Historical Account': 'Background, a dated timeline, key figures, causes and legacy.',
  'ACT Like IMDB And Give Me Full Movie Data': 'Film facts, synopsis, cast and crew, production and reception.',
  'Business Information Listing (like yelp)': 'Details, opening hours, services, reviews and FAQs of a business.',
};

export interface PersonaDefinition {
  /** Stored value: a lowercase first name. */
  value: string;
  label: string;
  /** One line for the persona picker. */
  description: string;
  /** How the persona writes; goes into the system prompt verbatim. */
  voice: string;
}

/** Nine marketing personas. Any other non-empty persona is free text used as a voice description. */
export const PERSONAS = [
  {
    value: 'sarah',
    label: 'Sarah — The Storyteller',
    description: 'Warm narratives that open with a scene and carry the reader through.',
    voice:
      'Warm and narrative. Opens sections with a small concrete scene or anecdote, then draws the practical lesson from it. Short paragraphs, vivid but plain language.',
  },
  {
    value: 'marcus',
    label: 'Marcus — The Data-Driven Analyst',
    description: 'Numbers, comparisons and evidence before opinions.',
    voice:
      'Analytical and precise. Leads with figures, comparisons and trade-offs, states assumptions, and prefers tables or lists when comparing options. Avoids hype.',
  },
  {
    value: 'emily',
    label: 'Emily — The Friendly Educator',
    description: 'Patient step-by-step explanations for beginners.',
    voice:
      'Patient and encouraging. Explains one idea at a time, defines jargon on first use, uses everyday analogies and numbered steps. Speaks directly to the reader as "you".',
  },
  {
    value: 'david',
    label: 'David — The Industry Expert',
    description: 'Authoritative, experienced, straight to the point.',
    voice:
      'Authoritative and concise. Writes like a practitioner with many years in the field: names real-world pitfalls, gives firm recommendations and explains the reasoning briefly.',
  },
  {
    value: 'olivia',
    label: 'Olivia — The Trend Spotter',
    description: 'Energetic coverage of what is new and what is next.',
    voice:
      'Energetic and forward-looking. Frames the topic around what is changing, why now, and what readers should watch next. Lively verbs, brisk rhythm, no filler.',
  },
  {
    value: 'james',
    label: 'James — The Conversion Copywriter',
    description: 'Benefit-led persuasive copy with clear calls to action.',
    voice:
      'Persuasive and benefit-led. Turns features into outcomes for the reader, uses short punchy sentences, answers objections, and ends sections with a clear next step.',
  },
  {
    value: 'sophia',
    label: 'Sophia — The Lifestyle Enthusiast',
    description: 'Relatable, upbeat, first-person lifestyle writing.',
    voice:
      'Upbeat and relatable. Writes in a conversational first person, shares practical tips from everyday life, and keeps the tone light without losing substance.',
  },
  {
    value: 'ryan',
    label: 'Ryan — The Honest Reviewer',
    description: 'Balanced pros and cons, no sugar-coating.',
    voice:
      'Candid and balanced. Weighs pros and cons openly, says who something is and is not for, and backs verdicts with specific observations rather than superlatives.',
  },
  {
    value: 'nina',
    label: 'Nina — The Technical Explainer',
    description: 'Clear, structured explanations of how things work.',
    voice:
      'Clear and structured. Explains how things work from first principles, uses precise terminology with short definitions, and organises detail under descriptive subheadings.',
  },
] as const satisfies readonly PersonaDefinition[];
export type KnownPersona = (typeof PERSONAS)[number]['value'];
export const PERSONA_VALUES = PERSONAS.map((p) => p.value);
export const NEUTRAL_PERSONA_LABEL = 'Neutral Voice';

/** The persona a text names: its value ("emily") or its label as the persona field shows it ("Emily — The Friendly Educator"). */
export function findPersona(value: string | null | undefined): PersonaDefinition | undefined {
  const key = (value ?? '').trim().toLowerCase();
  return PERSONAS.find((p) => p.value === key || p.label.toLowerCase() === key);
}

/** What is stored and sent for a persona field's text: a known persona's value, other text as typed. */
export function personaValue(text: string): string {
  const trimmed = text.trim();
  return findPersona(trimmed)?.value ?? trimmed;
}

/** The spec's display rule: known → its label; other text → title-cased; empty → 'Neutral Voice'. */
export function personaLabel(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return NEUTRAL_PERSONA_LABEL;
  const known = findPersona(trimmed);
  if (known) return known.label;
  return trimmed.replace(/\S+/g, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
}

export const LLM_PROVIDERS = ['offline', 'openai', 'anthropic', 'google', 'openai-compatible'] as const;
export const llmProviderSchema = z.enum(LLM_PROVIDERS);
export type LlmProviderId = z.infer<typeof llmProviderSchema>;

export const WORD_COUNT_LIMITS = {
  /** Manual single and bulk generation (spec part 2). */
  manual: { min: 500, max: 5000, default: 3000, bulkFallback: 1500 },
  /** Blog configuration (spec part 1), which schedules long-form posts. */
  config: { min: 500, max: 50_000, default: 3000 },
} as const;

/** The engine promises to land within this fraction of the requested word count. */
export const WORD_COUNT_TOLERANCE = 0.15;

export const GENERATION_METHODS = ['manual', 'bulk', 'scheduled', 'trend', 'seo', 'agent'] as const;
export const generationMethodSchema = z.enum(GENERATION_METHODS);
export type GenerationMethod = z.infer<typeof generationMethodSchema>;

/** 'refused' marks an attempt the refusal detector rejected; the step was then retried. */
export const GENERATION_STEP_STATUSES = ['success', 'failed', 'refused', 'skipped'] as const;

const messageSchema = z.object({ message: z.string() });

/** The spec's Generation log entity, field for field. */
/** Which model a step used, its tokens (estimated when the server gave none) and their cost, priced when the call ended. */
export const generationStepUsageSchema = z.object({
  provider: z.string(),
  model: z.string(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  estimated: z.boolean(),
  costUsd: z.number().nonnegative(),
});
export type GenerationStepUsage = z.infer<typeof generationStepUsageSchema>;

export const generationUsageSchema = generationStepUsageSchema.omit({ provider: true, model: true }).extend({
  /** The providers and models that wrote the article, as "provider/model". */
  models: z.array(z.string()),
});

export const generationLogSchema = z.object({
  status: z.enum(['completed', 'failed']),
  method: generationMethodSchema.default('manual'),
  duration: z.number().nonnegative(),
  contentStats: z.object({ wordCount: z.number().int().nonnegative() }),
  sources: z.object({
    newsUrls: z.array(z.string()),
    newsUrlsCount: z.number().int().nonnegative(),
    groundingSources: z.array(z.string()),
    groundingSourcesCount: z.number().int().nonnegative(),
  }),
  steps: z.array(
    z.object({
      step: z.string(),
      status: z.enum(GENERATION_STEP_STATUSES),
      duration: z.number().nonnegative(),
      error: z.string().nullable(),
      /** The model calls of the step (issue #16): absent for steps without one and for the offline writer. */
      usage: generationStepUsageSchema.optional(),
    }),
  ),
  /** Everything the article's model calls used (issue #16); absent when no model was called. */
  usage: generationUsageSchema.optional(),
  summary: z.object({
    totalSteps: z.number().int().nonnegative(),
    successfulSteps: z.number().int().nonnegative(),
    failedSteps: z.number().int().nonnegative(),
    usedNewsContent: z.boolean(),
    usedGroundedContent: z.boolean(),
    hadErrors: z.boolean(),
  }),
  errors: z.array(messageSchema),
  warnings: z.array(messageSchema),
});
export type GenerationLog = z.infer<typeof generationLogSchema>;
export type GenerationLogStep = GenerationLog['steps'][number];

export const QUALITY_SEVERITIES = ['none', 'minor', 'major', 'severe'] as const;
export const qualitySeveritySchema = z.enum(QUALITY_SEVERITIES);
export type QualitySeverity = z.infer<typeof qualitySeveritySchema>;

export const QUALITY_RULES = [
  'word_count',
  'refusal',
  'placeholder',
  'empty_title',
  'duplicate_title',
  /** The live site already has a post with this title or slug (from its content inventory). */
  'already_on_site',
  /** Another article of this site already on WordPress says nearly the same (shingles + MinHash). */
  'near_duplicate',
  /** The same body is already on another of the operator's sites (duplicate content across sites). */
  'cross_site_duplicate',
  'empty_content',
  'no_headings',
  'broken_html',
  'dead_links',
  /** Written by the offline writer, without a model: demonstration text. */
  'offline_writer',
  /** Stock phrases that read as machine-written (issue #33): a warning, never a refusal. */
  'ai_tells',
  /** Made from the same template as recent posts of the site (issue #33): a warning, never a refusal. */
  'sameness',
] as const;
export const qualityRuleSchema = z.enum(QUALITY_RULES);
export type QualityRule = z.infer<typeof qualityRuleSchema>;

/** The post a duplicate finding is about: on this site, or (cross_site_duplicate) on another of the operator's sites. */
export const existingPostSchema = z.object({
  title: z.string(),
  /** Its web address; null when none is known (or WordPress gave one that is not a web address). */
  link: z.string().nullable(),
  /** The site it is on, when it is another one. */
  site_name: z.string().nullable(),
});
export type ExistingPost = z.infer<typeof existingPostSchema>;

export const qualityFindingSchema = z.object({
  rule: qualityRuleSchema,
  severity: qualitySeveritySchema.exclude(['none']),
  message: z.string(),
  /** already_on_site, near_duplicate, cross_site_duplicate: the post already there. */
  existing_post: existingPostSchema.optional(),
  /** ai_tells: the phrases found and the sentences quoted. */
  ai_tells: aiTellDetailsSchema.optional(),
  /** sameness: the recent posts of the site it resembles, and how. */
  resembles: z.array(resemblingPostSchema).optional(),
});
export type QualityFinding = z.infer<typeof qualityFindingSchema>;

/** Stored with the article and sent in the 409 of a refused publish. */
export const qualityReportSchema = z.object({
  severity: qualitySeveritySchema,
  message: z.string(),
  /** Findings of severity major or severe. */
  issues: z.array(qualityFindingSchema),
  /** Findings of severity minor. */
  warnings: z.array(qualityFindingSchema),
  /** True when severity is severe: publishing needs force_publish. */
  blocking: z.boolean(),
});
export type QualityReport = z.infer<typeof qualityReportSchema>;
