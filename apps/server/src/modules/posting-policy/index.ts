/*
 * The posting policy shared by blog configurations, the scheduler and the trend monitor: when the
 * next post is due (intervals in the operator's day and time zone, topic rotation) and how many
 * posts a configuration has had today (the daily cap). It depends on no other module, so none of
 * them depends on another through it.
 */

export { COUNTED_OUTCOMES, postsTodaySql } from './daily-cap.js';
export { effectiveCapSql } from './ramp.js';
export { nextSlotAfter, pickTopic, pickUncoveredTopic, startOfOperatorDay } from './schedule-math.js';
