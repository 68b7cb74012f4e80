import { MANUAL_LIMITS, MANUAL_MESSAGES, MAX_SITE_ID } from '@abp/contracts';

const SCRIPT_BLOCK = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const SCRIPT_TAG = /<\/?script\b[^>]*>/gi;
const DANGEROUS_SCHEMES = /(?:javascript|data)\s*:/gi;
const INLINE_HANDLER = /\bon[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi;

/**
 * The secure variant's client-side clean-up (spec §5): script tags, javascript: and data: text,
 * and inline event handlers are removed. Repeated until nothing changes, so that pieces left
 * by one removal ("javajavascript:script:") cannot join into a new one.
 */
export function sanitizeInput(value: string): string {
  let current = value;
  for (let round = 0; round < 10; round++) {
    const next = current
      .replace(SCRIPT_BLOCK, '')
      .replace(SCRIPT_TAG, '')
      .replace(DANGEROUS_SCHEMES, '')
      .replace(INLINE_HANDLER, '');
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The spec's topic messages; null when the topic is fine. */
export function validateTopic(topic: string): string | null {
  const text = topic.trim();
  if (text.length === 0) return 'Topic is required';
  if (text.length < MANUAL_LIMITS.topic.min) return MANUAL_MESSAGES.topicTooShort;
  if (text.length > MANUAL_LIMITS.topic.max) return MANUAL_MESSAGES.topicTooLong;
  return null;
}

/** The spec's site id messages ('is required', 'must be a positive integer', 'is too large'). */
export function validateSiteId(value: string | number | null | undefined): string | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '') return MANUAL_MESSAGES.siteIdRequired;
  if (!/^\d+$/.test(text) || Number(text) <= 0) return MANUAL_MESSAGES.siteIdInvalid;
  if (Number(text) > MAX_SITE_ID) return MANUAL_MESSAGES.siteIdTooLarge;
  return null;
}
