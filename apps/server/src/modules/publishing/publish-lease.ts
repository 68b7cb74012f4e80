import { randomUUID } from 'node:crypto';
import type { PublishRecords } from '../articles/article-store.js';

// Renewed before each slow step; a publish whose process died frees the article after this.
const LEASE_MS = 5 * 60_000;

/** A held lease: renewed before a slow step, released however the publish ends. */
export interface HeldLease {
  renew(): Promise<void>;
}

/**
 * The per-article publish lease: only one publish of an article runs at a time, across processes.
 * The lease is a token and an expiry on the article (written by the articles module).
 */
export class PublishLease {
  constructor(
    private readonly store: Pick<
      PublishRecords,
      'acquirePublishLease' | 'renewPublishLease' | 'releasePublishLease' | 'releaseAllPublishLeases'
    >,
  ) {}

  /** Runs `work` under the article's lease; null (and `work` not run) when another publish holds it. */
  async hold<T>(articleId: number, work: (lease: HeldLease) => Promise<T>): Promise<{ value: T } | null> {
    const token = randomUUID();
    if (!(await this.store.acquirePublishLease(articleId, token, LEASE_MS))) return null;
    try {
      return { value: await work({ renew: () => this.store.renewPublishLease(articleId, token, LEASE_MS) }) };
    } finally {
      await this.store.releasePublishLease(articleId, token);
    }
  }

  /** At a start on the embedded database: the publishes of the process that died hold no lease any more. */
  releaseAllOfDeadProcess(): Promise<number> {
    return this.store.releaseAllPublishLeases();
  }
}
