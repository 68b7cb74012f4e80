import { BULK_LIMITS, BULK_MESSAGES, parseItemsList, type BulkJobStart } from '@abp/contracts';
import type { BulkJobOptionsRow } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';

export interface ValidBulkStart {
  siteId: number;
  taskType: string;
  items: { originalItem: string; topic: string }[];
  options: BulkJobOptionsRow;
}

/** Empty → the bulk fallback (1,500); otherwise a whole number within the manual range. */
function wordCountOf(value: number | string | null | undefined): number {
  const { min, max, fallback } = BULK_LIMITS.wordCount;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === undefined || text === null || text === '') return fallback;
  const count = typeof text === 'number' ? text : Number(text);
  if (!Number.isInteger(count) || count < min || count > max) {
    throw badRequest('options.wordCount', `must be a whole number from ${min} to ${max} (got ${String(value)})`);
  }
  return count;
}

/** The start request's rules; each failure is a 400 naming its field. */
export function validateBulkStart(body: BulkJobStart): ValidBulkStart {
  const lines = parseItemsList(body.items_list);
  if (lines.length === 0) throw badRequest('items_list', BULK_MESSAGES.noItems);
  if (lines.length > BULK_LIMITS.maxItems) throw badRequest('items_list', `At most ${BULK_LIMITS.maxItems} items per job (got ${lines.length})`);
  const tooLong = lines.findIndex((line) => line.length > BULK_LIMITS.maxItemLength);
  if (tooLong >= 0) throw badRequest('items_list', `Item ${tooLong + 1} is longer than ${BULK_LIMITS.maxItemLength} characters`);
  if (body.site_id === undefined || body.site_id === null) throw badRequest('site_id', 'Please select a site');
  return {
    siteId: body.site_id,
    taskType: body.task_type,
    // The topic is the line with its inner runs of spaces collapsed; the line itself is kept as written.
    items: lines.map((line) => ({ originalItem: line, topic: line.replace(/\s+/g, ' ') })),
    options: {
      includeImages: body.options.includeImages,
      publishStatus: body.options.publishStatus,
      wordCount: wordCountOf(body.options.wordCount),
      persona: (body.options.persona ?? '').trim(),
      postToWordPress: body.options.postToWordPress,
      // Only when chosen: without them the site's blog configuration decides at publish.
      ...(body.options.categoryIds?.length ? { categoryIds: body.options.categoryIds } : {}),
      ...(body.options.authorId ? { authorId: body.options.authorId } : {}),
    },
  };
}
