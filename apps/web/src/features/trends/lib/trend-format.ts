import { TREND_URL_DISPLAY_CUT, type TrendRunError } from '@abp/contracts';
import { formatDateTime } from '../../../lib/dates';

/** Seconds below a minute ("4.2s"), else minutes and seconds ("2m 5s"). */
export function formatDuration(ms: number): string {
  const tenths = Math.round(ms / 100) / 10;
  if (tenths < 60) return `${tenths}s`;
  let minutes = Math.floor(ms / 60_000);
  let seconds = Math.round((ms - minutes * 60_000) / 1000);
  if (seconds === 60) {
    minutes += 1;
    seconds = 0;
  }
  return `${minutes}m ${seconds}s`;
}

/** The app's one date format (lib/dates.ts, issue #37 point 8). */
export const formatDate = formatDateTime;

/** Long URLs are cut at 50 characters plus '...'. */
export function shortUrl(url: string): string {
  return url.length > TREND_URL_DISPLAY_CUT ? `${url.slice(0, TREND_URL_DISPLAY_CUT)}...` : url;
}

/** The Errors chip's tooltip: one line per problem, naming the feed or site. */
export function errorText(errors: readonly TrendRunError[]): string {
  return errors.map((error) => `${error.target}: ${error.message}`).join('\n');
}
