/* SEO suite: the values both the server and the screens rely on (spec part 2 §3, §4, §9). */

export const SEO_PROJECT_STATUSES = ['phase1', 'phase2', 'phase3', 'completed', 'failed'] as const;
export type SeoProjectStatus = (typeof SEO_PROJECT_STATUSES)[number];

export const KEYWORD_TYPES = ['primary', 'long-tail', 'semantic'] as const;
export type KeywordType = (typeof KEYWORD_TYPES)[number];
export const KEYWORD_INTENTS = ['informational', 'transactional', 'navigational'] as const;
export type KeywordIntent = (typeof KEYWORD_INTENTS)[number];
export const COMPETITION_LEVELS = ['low', 'medium', 'high'] as const;
export type CompetitionLevel = (typeof COMPETITION_LEVELS)[number];

export const SITE_PAGE_TYPES = ['home', 'about', 'services', 'resources', 'contact', 'privacy', 'terms'] as const;
export type SitePageType = (typeof SITE_PAGE_TYPES)[number];
/** Always saved as WordPress drafts and flagged for a legal review before anyone publishes them. */
export const LEGAL_PAGE_TYPES: readonly string[] = ['privacy', 'terms'];

export const SEO_PAGE_STATUSES = ['generated', 'published', 'draft'] as const;
export type SeoPageStatus = (typeof SEO_PAGE_STATUSES)[number];

export const SEO_SCHEMA_TYPES = ['Article', 'WebPage', 'BreadcrumbList', 'Organization'] as const;
export type SeoSchemaType = (typeof SEO_SCHEMA_TYPES)[number];

export const SEO_ARTICLE_TYPES = ['pillar', 'cluster'] as const;
export type SeoArticleType = (typeof SEO_ARTICLE_TYPES)[number];
/** Where one planned article stands in its generation job. */
export const SEO_GENERATION_STATUSES = ['queued', 'generating', 'generated', 'failed', 'cancelled'] as const;
export type SeoGenerationStatus = (typeof SEO_GENERATION_STATUSES)[number];

export const SEO_LOG_STATUSES = ['success', 'error', 'warning', 'info'] as const;
export type SeoLogStatus = (typeof SEO_LOG_STATUSES)[number];

export const SEO_PHASE_NAMES = [
  'Strategy & Content Architecture',
  'Content Generation & Refinement',
  'SEO & Pre-Publish Optimization',
] as const;

/**
 * The wizard's seven steps in the order their content appears (spec §2.6 numbered list, and the
 * automatic step rules of §4: pages before articles).
 */
export const SEO_WIZARD_STEPS = [
  'Project Setup',
  'Keyword Research',
  'Content Strategy',
  'Page Generation',
  'Content Generation',
  'SEO Optimization',
  'Review & Publish',
] as const;

/**
 * The step a project is at, 0-based in SEO_WIZARD_STEPS (issue #37 item 8: the card counted three
 * phases of a seven-step wizard): the wizard's own rule for the step a loaded project opens on
 * (spec §4) — no keywords → Keyword Research, keywords → Content Strategy, an outline → Page
 * Generation, articles → Content Generation, articles and pages → SEO Optimization — and a
 * completed project is at Review & Publish.
 */
export function seoWizardStep(facts: {
  completed: boolean;
  keywords: number;
  hasOutline: boolean;
  articles: number;
  pages: number;
}): number {
  if (facts.completed) return SEO_WIZARD_STEPS.length - 1;
  if (facts.articles > 0 && facts.pages > 0) return 5;
  if (facts.articles > 0) return 4;
  if (facts.keywords === 0) return 1;
  if (!facts.hasOutline) return 2;
  return 3;
}

export const SEO_LIMITS = {
  projectName: 200,
  niche: 200,
  companyName: 200,
  longText: 4000,
  keyword: 100,
  metaDescription: 160,
  maxInternalLinks: 5,
  articleWordCount: 2500,
  articleWordCountMin: 500,
  articleWordCountMax: 5000,
  bulkArticlesMax: 100,
  outlineRequestKeywords: 10,
  recentActivityWizard: 5,
  recentActivityList: 10,
  /** The two-phase delete's confirmation token lives this long. */
  deleteTokenTtlSeconds: 300,
  listNotificationHideMs: 6000,
  optimisationChainGapMs: 2000,
  outlinePreviewHeadings: 3,
  outlinePreviewClusters: 6,
  articlePreviewPillars: 3,
  articlePreviewClusters: 5,
} as const;

/** Spec §4: overall percent = min((phase − 1) / 3 × 100 + progress / 3, 100). */
export function seoOverallProgress(currentPhase: number, progressPercentage: number): number {
  return Math.min(((currentPhase - 1) / 3) * 100 + progressPercentage / 3, 100);
}

/** Spec §8: the list page turns this server text into its own 'Force delete' advice. */
export const SEO_ACTIVE_PROJECT_MESSAGE =
  'Project is currently active (articles are being generated). Use force=true to delete it anyway.';
export const SEO_MESSAGES = {
  noArticles: 'No articles found. Generate content first before running SEO optimization.',
  selectProject: 'Select a project first.',
  campaignComplete: 'SEO Campaign Complete! Ready for publishing.',
} as const;
