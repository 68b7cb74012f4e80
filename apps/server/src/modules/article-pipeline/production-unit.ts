import type { GenerateAndStoreInput } from '../generation/generation-input.js';
import type { PublishPolicy } from './article-producer.js';

/** The brief as a unit carries it: what generateAndStore needs, minus what cannot be stored (the abort signal, an uploaded image). */
export type StoredBrief = Omit<GenerateAndStoreInput, 'signal' | 'selectedImagePng' | 'originKey'>;
export type StoredPublishPolicy = PublishPolicy;

/** What a producer hands to the pipeline: one article to write (and maybe publish), named by its origin key. */
export interface ProductionUnit {
  originKey: string;
  brief: StoredBrief;
  policy: StoredPublishPolicy;
}

/** How a unit ended, as its producer learns it (in the transaction that finishes the unit). */
export type ProductionResult =
  | { result: 'succeeded'; articleId: number; published: { postId: number; link: string | null } | null }
  | { result: 'failed'; articleId: number | null; error: string; stage: 'generation' | 'publish' | 'refused' }
  | { result: 'skipped'; articleId: number | null; reason: string }
  | { result: 'cancelled'; articleId: number | null };
