import {
  BULK_LIMITS,
  BULK_MESSAGES,
  type BulkJobStart,
  MANUAL_LIMITS,
  MANUAL_MESSAGES,
  parseItemsList,
} from '@abp/contracts';
import type { BulkJobOptionsRow } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';

export interface ValidBulkStart {
  siteId: number;
  taskType: string;
  items: { originalItem: string; topic: string }[];
  options: BulkJobOptionsRow;
  /** What was changed in the list, said to the operator (duplicate lines merged). */
  notices: string[];
}

/** A line's identity for merging: the topic it becomes, case and inner spaces ignored. */
const lineKey = (line: string) => line.replace(/\s+/g, ' ').toLowerCase();

/**
 * Issue #18 item 12: a line given twice is one article (two would get the same title, then
 * "… (Part 2)"): the first keeps its place, the others are merged, and the answer says which.
 */
function mergeDuplicates(lines: string[]): { lines: string[]; notices: string[] } {
  const seen = new Map<string, number>();
  const kept: string[] = [];
  for (const line of lines) {
    const key = lineKey(line);
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (seen.get(key) === 1) kept.push(line);
  }
  const repeated = kept.filter((line) => seen.get(lineKey(line))! > 1);
  if (repeated.length === 0) return { lines: kept, notices: [] };
  const merged = lines.length - kept.length;
  const named = repeated
    .slice(0, 5)
    .map((line) => `"${line}" (${seen.get(lineKey(line))} times)`)
    .join(', ');
  return {
    lines: kept,
    notices: [
      `${merged} duplicate line${merged === 1 ? ' was' : 's were'} merged, one article each: ${named}${repeated.length > 5 ? ', …' : ''}.`,
    ],
  };
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
  const given = parseItemsList(body.items_list);
  if (given.length === 0) throw badRequest('items_list', BULK_MESSAGES.noItems);
  if (given.length > BULK_LIMITS.maxItems)
    throw badRequest('items_list', `At most ${BULK_LIMITS.maxItems} items per job (got ${given.length})`);
  const tooLong = given.findIndex((line) => line.length > BULK_LIMITS.maxItemLength);
  if (tooLong >= 0)
    throw badRequest('items_list', `Item ${tooLong + 1} is longer than ${BULK_LIMITS.maxItemLength} characters`);
  // The single form's rule for a topic, per line ("a", "b" are no topics).
  const tooShort = given.findIndex((line) => line.length < MANUAL_LIMITS.topic.min);
  if (tooShort >= 0)
    throw badRequest('items_list', `Item ${tooShort + 1} ("${given[tooShort]}"): ${MANUAL_MESSAGES.topicTooShort}`);
  const { lines, notices } = mergeDuplicates(given);
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
      // The job's own publishing policy (issue #33); absent: the site's, resolved when each item publishes.
      ...(body.publish_policy
        ? {
            publishPolicy: {
              mode: body.publish_policy.mode,
              delayHours: body.publish_policy.mode === 'delay' ? (body.publish_policy.delay_hours ?? null) : null,
            },
          }
        : {}),
    },
    notices,
  };
}
