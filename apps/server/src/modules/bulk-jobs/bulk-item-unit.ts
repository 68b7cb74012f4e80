import type { TaskType } from '@abp/contracts';
import type { BulkJobOptionsRow } from '../../db/schema/index.js';
import type { ProductionUnit } from '../article-pipeline/production-unit.js';

/** The pipeline's origin of bulk items, and the origin key of an item's unit. */
export const BULK_ORIGIN = 'bulk';
const KEY_PREFIX = 'bulk-item:';

export const itemKey = (itemId: number): string => `${KEY_PREFIX}${itemId}`;
export const itemIdOf = (unit: { originKey: string }): number => Number(unit.originKey.slice(KEY_PREFIX.length));

export interface UnitJob {
  id: string;
  siteId: number;
  taskType: string;
  options: BulkJobOptionsRow;
}

/**
 * An item as a unit of the article pipeline: its brief from the job's options, its publish policy
 * (as the spec's bulk publish does, a quality-gate objection is overridden and the report stays on
 * the article), and the job it counts for.
 */
export function itemUnit(job: UnitJob, item: { id: number; topic: string; articleId?: number | null }): ProductionUnit {
  const { options } = job;
  return {
    originKey: itemKey(item.id),
    brief: {
      siteId: job.siteId,
      topic: item.topic,
      taskType: job.taskType as TaskType,
      persona: options.persona,
      wordCount: options.wordCount,
      includeImages: options.includeImages,
      ...(options.categoryIds?.length || options.authorId
        ? { wordpress: { categoryIds: options.categoryIds ?? [], authorId: options.authorId ?? null } }
        : {}),
      origin: BULK_ORIGIN,
    },
    policy: {
      publish: options.postToWordPress,
      onQualityGate: 'publish-anyway',
      ...(options.publishStatus === 'publish' ? { status: 'published' } : {}),
      ...(options.publishPolicy ? { editorial: options.publishPolicy } : {}),
    },
    context: { jobId: job.id },
    ...(item.articleId ? { articleId: item.articleId } : {}),
  };
}
