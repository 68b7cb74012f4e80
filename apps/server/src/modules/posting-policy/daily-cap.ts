import { type SQLWrapper, sql } from 'drizzle-orm';
import { articles, schedulerLog } from '../../db/schema/index.js';

/** Slots that count against the daily cap: every claimed slot except the failed and skipped ones. */
export const COUNTED_OUTCOMES = sql.raw(`('pending', 'generating', 'publishing', 'posted')`);

/**
 * A configuration's posts today as the daily cap counts them, in one place for the scheduler, the
 * trend monitor and the screen: its scheduler slots plus the site's trend articles that did not fail.
 * `configId` / `siteId` are columns (for a query over many configurations) or plain ids.
 */
export function postsTodaySql(configId: SQLWrapper | number, siteId: SQLWrapper | number, dayStart: Date) {
  const since = dayStart.toISOString();
  return sql<number>`((select count(*) from ${schedulerLog} where ${schedulerLog.configId} = ${configId}
      and ${schedulerLog.createdAt} >= ${since}::timestamptz and ${schedulerLog.outcome} in ${COUNTED_OUTCOMES})
    + (select count(*) from ${articles} where ${articles.siteId} = ${siteId} and ${articles.origin} = 'trend'
      and ${articles.status} <> 'failed' and ${articles.createdAt} >= ${since}::timestamptz))::int`.mapWith(Number);
}
