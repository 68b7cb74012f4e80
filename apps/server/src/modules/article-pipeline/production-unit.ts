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
  /** What the producer needs again when the unit ends (e.g. the trend run it belongs to); the pipeline does not read it. */
  context?: Record<string, unknown>;
  /** An article an earlier run already stored (a Retry of a failed publish): it is published, not written again. */
  articleId?: number | null;
}

/** How a unit ended, as its producer learns it (in the transaction that finishes the unit). */
export type ProductionResult =
  | {
      result: 'succeeded';
      articleId: number;
      published: { postId: number; link: string | null; live: boolean } | null;
      /**
       * Kept back by the publishing policy (issue #33): it waits in the Review inbox, held or until
       * `releaseAt` (ISO). `published` is then the preview draft sent to WordPress, if any.
       */
      held?: { reason: 'held' | 'delayed'; releaseAt: string | null };
    }
  | {
      result: 'failed';
      articleId: number | null;
      /** The reason, as the failure classifier put it (an unexpected error reads "Internal error"; its details are logged). */
      error: string;
      /** Where it failed: writing (a failed article may be stored), publishing (the article stays as it was), or refused before anything was stored. */
      stage: 'generation' | 'publish' | 'refused';
      /** What else the failure stops (failure-classifier.ts): every article until the provider is fixed, or this site for now. */
      stops: 'provider' | 'site' | null;
    }
  | { result: 'skipped'; articleId: number | null; reason: string }
  | { result: 'cancelled'; articleId: number | null };
