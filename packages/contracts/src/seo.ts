/* The SEO suite's contracts (spec part 2 §2.5, §2.6, §3–§9), one file per area. */
export * from './seo/constants.js';
export { seoProjectIdParamSchema, seoKeywordIdParamSchema, seoProjectIdBodySchema, seoSummarySchema, type SeoSummary } from './seo/fields.js';
export * from './seo/projects.js';
export * from './seo/keywords.js';
export * from './seo/outline.js';
export * from './seo/pages.js';
export * from './seo/articles.js';
export * from './seo/publish-runs.js';
export * from './seo/optimisation.js';
export * from './seo/deletion.js';
