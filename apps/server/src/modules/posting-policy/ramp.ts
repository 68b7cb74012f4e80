import { sql } from 'drizzle-orm';
import { blogConfigs } from '../../db/schema/index.js';

/**
 * A configuration's daily cap on the day that begins at `dayStart`, with its ramp-up (issue #33): the
 * SQL twin of effectiveDailyCap in the contracts (same whole days, same integer division), so the
 * scheduler, the trend monitor and the screens agree. No ramp: max_posts_per_day, as before.
 */
export function effectiveCapSql(dayStart: Date) {
  const since = dayStart.toISOString();
  const start = sql`least(${blogConfigs.rampStartPerDay}, ${blogConfigs.maxPostsPerDay})`;
  const days = sql`greatest(0, ceil(extract(epoch from (${since}::timestamptz - ${blogConfigs.rampStartedAt})) / 86400))::int`;
  return sql<number>`(case
    when ${blogConfigs.rampStartedAt} is null or ${blogConfigs.rampStartPerDay} is null or ${blogConfigs.rampWeeks} is null
      or ${days} >= ${blogConfigs.rampWeeks} * 7 then ${blogConfigs.maxPostsPerDay}
    else ${start} + ((${blogConfigs.maxPostsPerDay} - ${start}) * ${days}) / (${blogConfigs.rampWeeks} * 7)
  end)::int`.mapWith(Number);
}
