import type { PublishItemResult, PublishResponse } from '@abp/contracts';

/** Counts of a publish run, shared by pages and articles. */
export function publishSummary(results: PublishItemResult[], warnings: string[]): PublishResponse {
  const count = (outcome: PublishItemResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const [published, drafts, failed, skipped] = [count('published'), count('draft'), count('failed'), count('skipped')];
  return {
    success: failed === 0,
    published,
    drafts,
    failed,
    skipped,
    results,
    warnings,
    summary: { total: results.length, published, drafts, failed, skipped },
  };
}
