/* The SEO suite's contracts (spec part 2 §2.5, §2.6, §3–§9), one file per area. */

export * from './seo/articles.js';
export * from './seo/constants.js';
export * from './seo/deletion.js';
export {
  type SeoSummary,
  seoKeywordIdParamSchema,
  seoProjectIdBodySchema,
  seoProjectIdParamSchema,
  seoSummarySchema,
} from './seo/fields.js';
export * from './seo/keywords.js';
export * from './seo/optimisation.js';
export * from './seo/outline.js';
export * from './seo/pages.js';
export * from './seo/projects.js';
export * from './seo/publish-runs.js';
