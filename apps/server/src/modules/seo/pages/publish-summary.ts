import type { PublishItemResult, PublishResponse } from '@abp/contracts';

/** Counts of a publish run, shared by pages and articles. */
export function publishSummary(results: PublishItemResult[], warnings: string[]): PublishResponse {
  const published = results.filter((r) => r.outcome === 'published').length;
  const drafts = results.filter((r) => r.outcome === 'draft').length;
  const failed = results.filter((r) => r.outcome === 'failed').length;
  return {
    success: failed === 0,
    published,
    drafts,
    failed,
    results,
    warnings,
    summary: { total: results.length, published, drafts, failed },
  };
}
