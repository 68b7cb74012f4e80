export { ArticleGenerator, type ArticleGeneratorOptions } from './article-generator.js';
export type { TitleInUse } from './distinct-title.js';
export { GenerationLogBuilder } from './generation-log.js';
export { resolveVoice } from './personas.js';
export {
  ArticleGenerationError,
  type ArticleRequest,
  type ArticleSources,
  type GeneratedArticle,
  type GenerationFailureKind,
} from './types.js';
