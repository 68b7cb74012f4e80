import {
  DEFAULT_PUBLISH_STATUS,
  DEFAULT_TASK_TYPE,
  MANUAL_LIMITS,
  MANUAL_MESSAGES,
  type PublishStatus,
  WORD_COUNT_LIMITS,
} from '@abp/contracts';
import { z } from 'zod';
import { parseWordCount } from './word-count';

export interface SingleFormValues {
  topic: string;
  siteId: number | '';
  taskType: string;
  persona: string;
  publishStatus: PublishStatus;
  wordCount: string;
  categoryIds: number[];
  authorId: number | null;
}

export const EMPTY_SINGLE_FORM: SingleFormValues = {
  topic: '',
  siteId: '',
  taskType: DEFAULT_TASK_TYPE,
  persona: '',
  publishStatus: DEFAULT_PUBLISH_STATUS,
  wordCount: String(WORD_COUNT_LIMITS.manual.default),
  categoryIds: [],
  authorId: null,
};

/**
 * The Single Article tab's rules (spec §2.2, §5) for the one form pattern: topic and site first
 * (a toast, no field), then the word count (on its field). The server checks the request with the
 * contract's schema.
 */
export const singleFormSchema = z.custom<SingleFormValues>().superRefine((values, ctx) => {
  if (!values.topic.trim() || values.siteId === '') {
    ctx.addIssue({ code: 'custom', message: MANUAL_MESSAGES.topicAndSiteRequired, path: [] });
    return;
  }
  // Longer than the request allows: refused on the field, never cut.
  if (values.topic.trim().length > MANUAL_LIMITS.topic.max)
    ctx.addIssue({ code: 'custom', message: MANUAL_MESSAGES.topicTooLong, path: ['topic'] });
  const words = parseWordCount(values.wordCount);
  if (words.error) ctx.addIssue({ code: 'custom', message: words.error, path: ['wordCount'] });
});
