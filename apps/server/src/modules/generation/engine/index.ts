export { ArticleGenerator, type ArticleGeneratorOptions } from './article-generator.js';
export type { TitleInUse } from './distinct-title.js';
export { ArticleGenerationError, type ArticleRequest, type ArticleSources, type GeneratedArticle, type GenerationFailureKind } from './types.js';
export { runQualityGate, type QualityGateInput, type QualityGateOptions } from './quality-gate.js';
export { detectRefusal, type RefusalScan } from './refusal-detector.js';
export { resolveVoice } from './personas.js';
export { GenerationLogBuilder } from './generation-log.js';
