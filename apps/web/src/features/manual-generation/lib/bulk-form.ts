import { BULK_LIMITS, BULK_MESSAGES, PUBLISH_DELAY_HOURS, parseItemsList, publishPolicySchema } from '@abp/contracts';
import { z } from 'zod';

export interface BulkFormValues {
  itemsList: string;
  siteId: number | '';
  taskType: string;
  persona: string;
  publishStatus: 'draft' | 'publish';
  wordCount: string;
  includeImages: boolean;
  categoryIds: number[];
  authorId: number | null;
  /** The job's own publishing policy (issue #33); null: the site's. */
  publishPolicy: { mode: 'auto' | 'hold' | 'delay'; delay_hours?: number | null } | null;
}

export const DELAY_HOURS_ERROR = `Delay must be a whole number of hours from ${PUBLISH_DELAY_HOURS.min} to ${PUBLISH_DELAY_HOURS.max}`;
export const WORD_COUNT_RANGE_ERROR = `Word count must be between ${BULK_LIMITS.wordCount.min} and ${BULK_LIMITS.wordCount.max}`;

/** Spec part 2 §5: the checks made before the job is sent; null when the form may be sent. */
export function bulkFormError(values: BulkFormValues): string | null {
  if (values.itemsList === '' || values.siteId === '') return BULK_MESSAGES.missingInput;
  if (parseItemsList(values.itemsList).length === 0) return BULK_MESSAGES.noItems;
  if (wordCountOf(values.wordCount) === null) return WORD_COUNT_RANGE_ERROR;
  if (values.publishPolicy?.mode === 'delay' && !publishPolicySchema.safeParse(values.publishPolicy).success)
    return DELAY_HOURS_ERROR;
  return null;
}

/** Empty → 1,500 (the bulk fallback); otherwise a whole number from 500 to 5,000, or null. */
export function wordCountOf(input: string): number | null {
  const text = input.trim();
  if (text === '') return BULK_LIMITS.wordCount.fallback;
  const value = Number(text);
  return Number.isInteger(value) && value >= BULK_LIMITS.wordCount.min && value <= BULK_LIMITS.wordCount.max
    ? value
    : null;
}

/**
 * The form's rules as a schema for the one form pattern (lib/forms): the checks above in their
 * order, a word count problem on its field. The server checks the request with the contract.
 */
export const bulkFormSchema = z.custom<BulkFormValues>().superRefine((values, ctx) => {
  const problem = bulkFormError(values);
  if (problem)
    ctx.addIssue({
      code: 'custom',
      message: problem,
      path: problem === WORD_COUNT_RANGE_ERROR ? ['wordCount'] : problem === DELAY_HOURS_ERROR ? ['publishPolicy'] : [],
    });
});
