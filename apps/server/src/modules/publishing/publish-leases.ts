import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { articles } from '../../db/schema/index.js';

/**
 * Frees the publish leases of articles whose publish died with its process, in the caller's
 * transaction (bulk recovery at the start of the one process an embedded database allows, where
 * every lease still held belongs to the dead run). Only publishing writes these columns.
 */
export async function releaseDeadPublishLeases(tx: Tx, articleIds: readonly number[]): Promise<void> {
  if (articleIds.length === 0) return;
  await tx.update(articles).set({ publishLockToken: null, publishLockExpiresAt: null }).where(inArray(articles.id, [...articleIds]));
}
