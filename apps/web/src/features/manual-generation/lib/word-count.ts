import { WORD_COUNT_LIMITS } from '@abp/contracts';

const { min, max, default: fallback } = WORD_COUNT_LIMITS.manual;

export const WORD_COUNT_ERROR = `Word count must be between ${min} and ${max}`;

/** Spec §5: 500–5,000; an empty field means 3,000. */
export function parseWordCount(input: string): { value: number; error: null } | { value: null; error: string } {
  const text = input.trim();
  if (text === '') return { value: fallback, error: null };
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) return { value: null, error: WORD_COUNT_ERROR };
  return { value, error: null };
}
