import type { InventorySummary } from '@abp/contracts';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday"; under a minute: "just now". */
export function timeAgo(iso: string, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  for (const [unit, ms] of STEPS) {
    if (elapsed >= ms) return relative.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "812 posts · 14 pages" */
export function inventoryCounts(summary: Pick<InventorySummary, 'posts' | 'pages'>): string {
  return `${plural(summary.posts, 'post', 'posts')} · ${plural(summary.pages, 'page', 'pages')}`;
}

/** What a running sync is doing: "Syncing posts: 300 of 812". */
export function syncProgress(summary: InventorySummary): string {
  if (summary.state === 'queued') return 'Sync queued…';
  const phase = summary.phase ? summary.phase.charAt(0).toLowerCase() + summary.phase.slice(1) : 'content';
  return summary.total !== null
    ? `Syncing ${phase}: ${summary.done.toLocaleString('en')} of ${summary.total.toLocaleString('en')}`
    : `Syncing ${phase}…`;
}

/** The line under the counts: when the last sync ended, or why it failed or stopped early. */
export function lastSyncLine(summary: InventorySummary, now = Date.now()): string {
  if (summary.state === 'failed') return `Sync failed: ${summary.error ?? 'unknown reason'}`;
  if (!summary.last_synced_at) return 'Not synced yet';
  // Stopped at a cap: what it read is counted above; the reason says what to raise.
  if (summary.state === 'partial')
    return `Partly synced ${timeAgo(summary.last_synced_at, now)}: ${summary.error ?? 'it stopped early'}`;
  return `Synced ${timeAgo(summary.last_synced_at, now)}`;
}
