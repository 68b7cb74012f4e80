import type { JobDefinition } from '../../jobs/queue.js';
import { yieldToEventLoop } from '../../lib/event-loop-yield.js';
import {
  type ContentFingerprint,
  contentFingerprint,
  NEAR_DUPLICATE_SIMILARITY,
  signatureSimilarity,
} from '../../lib/text/near-duplicate.js';
import type { ContentFingerprintsRepository } from './content-fingerprints.repository.js';

/** An article already on WordPress whose body is nearly the same as the one being published. */
export interface DuplicateMatch {
  articleId: number;
  title: string;
  siteName: string;
  link: string | null;
  /** Estimated Jaccard similarity of the two bodies' 5-word shingles, 0–1. */
  similarity: number;
}

export interface DuplicateFindings {
  /** The closest match on the article's own site. */
  sameSite: DuplicateMatch | null;
  /** The closest match on another of the operator's sites. */
  otherSite: DuplicateMatch | null;
}

const BACKFILL_BATCH = 200;

/**
 * Near-duplicate bodies among everything the app has published, on any site: the body being
 * published is fingerprinted (shingles + MinHash), candidates come from the LSH band index, and
 * each is compared by signature. Fingerprints are stored at each successful publish; articles
 * published before this existed are fingerprinted by a background job.
 */
export class DuplicateContentCheck {
  constructor(private readonly repo: ContentFingerprintsRepository) {}

  async find(article: { id: number; siteId: number; content: string }): Promise<DuplicateFindings> {
    const fingerprint = contentFingerprint(article.content);
    const findings: DuplicateFindings = { sameSite: null, otherSite: null };
    if (!fingerprint) return findings;
    for (const candidate of await this.repo.candidates(article.id, fingerprint.bands)) {
      const similarity = signatureSimilarity(fingerprint.signature, candidate.signature);
      if (similarity < NEAR_DUPLICATE_SIMILARITY) continue;
      const match = {
        articleId: candidate.articleId,
        title: candidate.title,
        siteName: candidate.siteName,
        link: candidate.permalink,
        similarity,
      };
      const key = candidate.siteId === article.siteId ? 'sameSite' : 'otherSite';
      if (!findings[key] || findings[key].similarity < similarity) findings[key] = match;
    }
    return findings;
  }

  /** Stores the body as published; later publishes on any site are compared with it. */
  async remember(articleId: number, content: string): Promise<void> {
    const fingerprint: ContentFingerprint | null = contentFingerprint(content);
    if (fingerprint) await this.repo.save(articleId, fingerprint);
  }

  /** Fingerprints published articles that have none yet; returns how many it did. */
  async backfill(limit = BACKFILL_BATCH): Promise<number> {
    const rows = await this.repo.withoutFingerprint(limit);
    for (const row of rows) {
      // Bodies too short to fingerprint get an empty one, so that they are not read again each run.
      await this.repo.save(row.id, contentFingerprint(row.content) ?? { signature: [], bands: [] });
      await yieldToEventLoop();
    }
    return rows.length;
  }

  /** Every ten minutes: fingerprints a batch of the articles published before fingerprints existed. */
  backfillJob(): JobDefinition<'fingerprintBackfill'> {
    return {
      job: 'fingerprintBackfill',
      cron: '*/10 * * * *',
      queue: { policy: 'exclusive', retryLimit: 1, expireInSeconds: 10 * 60, deleteAfterSeconds: 24 * 60 * 60 },
      handler: async () => ({ fingerprinted: await this.backfill() }),
    };
  }
}
