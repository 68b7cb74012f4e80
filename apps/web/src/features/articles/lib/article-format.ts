import type { ArticleStatus } from '@abp/contracts';
import { formatDate as formatAppDate, formatDateTime as formatAppDateTime } from '../../../lib/dates';

/** Spec §9: titles are cut at 80 characters in the table. */
export const TITLE_CUT = 80;
/** Spec §9: 2 keywords in the table, 3 in cards. */
export const TABLE_KEYWORDS = 2;
export const CARD_KEYWORDS = 3;

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** The first `count` keywords and how many more there are ('+N'). */
export function keywordPreview(keywords: readonly string[], count: number): { shown: string[]; more: number } {
  return { shown: keywords.slice(0, count), more: Math.max(0, keywords.length - count) };
}

export type ChipColor = 'success' | 'warning' | 'error' | 'info' | 'default';

/** Spec §4: published success, draft warning, failed error; the others are neutral. */
export function statusColor(status: ArticleStatus | string): ChipColor {
  if (status === 'published') return 'success';
  if (status === 'draft') return 'warning';
  if (status === 'failed') return 'error';
  if (status === 'scheduled') return 'info';
  return 'default';
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The app's one date format (lib/dates.ts); a missing date is a dash. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatAppDateTime(iso) : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? formatAppDate(iso) : '—';
}

/** A stored ISO time as the value of a datetime-local input (local time, minutes). */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local value (local time) as ISO 8601 in UTC, or null when empty or invalid. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
