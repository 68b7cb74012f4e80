import type { SeoPublishRun } from '@abp/contracts';
import { publishSummary } from '../pages/publish-summary.js';
import type { SeoPublishRunRow } from './publish-runs.repository.js';

export function toPublishRunDto(row: SeoPublishRunRow): SeoPublishRun {
  // Results in the run's item order, whatever order they were stored in.
  const results = [...row.results].sort((a, b) => row.itemIds.indexOf(a.id) - row.itemIds.indexOf(b.id));
  return {
    id: row.id,
    project_id: row.projectId,
    kind: row.kind,
    target_status: row.targetStatus,
    state: row.state,
    total: row.itemIds.length,
    processed: results.length,
    error: row.error,
    outcome: publishSummary(results, row.warnings),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
