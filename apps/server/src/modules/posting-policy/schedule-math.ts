const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The next slot: now plus a uniformly random interval between min and max hours. */
export function nextSlotAfter(now: Date, minHours: number, maxHours: number, random: () => number): Date {
  const hours = minHours + random() * (maxHours - minHours);
  return new Date(now.getTime() + Math.round(hours * HOUR_MS));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

/** The wall-clock time in the zone at this instant, written as if it were UTC (ms since epoch). */
function wallClockAsUtc(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/** How far the zone's wall clock is ahead of UTC at this instant. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return wallClockAsUtc(whole, timeZone) - whole;
}

/**
 * The instant the operator's current day began (local midnight in the zone). Computed twice so a
 * daylight-saving change between midnight and now lands on the right offset.
 */
export function startOfOperatorDay(now: Date, timeZone: string): Date {
  const wall = wallClockAsUtc(now.getTime(), timeZone);
  const midnightWall = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  let start = midnightWall - zoneOffsetMs(now.getTime(), timeZone);
  start = midnightWall - zoneOffsetMs(start, timeZone);
  return new Date(start);
}

/** Topics compare trimmed and ignoring case (the contracts' rule). */
const key = (topic: string) => topic.trim().toLowerCase();

/**
 * The topic for the next slot and the round's record after it: the first topic not used in this
 * round; when all have been used a new round starts. Topics removed from the list are forgotten.
 */
export function pickTopic(
  topics: readonly string[],
  usedInRound: readonly string[],
): { topic: string; used: string[] } {
  if (topics.length === 0) throw new Error('a configuration without topics cannot post');
  const current = new Set(topics.map(key));
  let used = usedInRound.filter((t) => current.has(key(t)));
  let next = topics.find((t) => !used.some((u) => key(u) === key(t)));
  if (next === undefined) {
    used = [];
    next = topics[0]!;
  }
  return { topic: next, used: [...used, next] };
}

/**
 * pickTopic, passing over the topics the site already covers (they count as used in the round, so
 * the rotation moves on). Null when every topic is covered: the slot has nothing new to write.
 */
export function pickUncoveredTopic(
  topics: readonly string[],
  usedInRound: readonly string[],
  isCovered: (topic: string) => boolean,
): { topic: string | null; used: string[]; passedOver: string[] } {
  let used = [...usedInRound];
  const passedOver: string[] = [];
  for (let i = 0; i < topics.length; i++) {
    const next = pickTopic(topics, used);
    used = next.used;
    if (!isCovered(next.topic)) return { topic: next.topic, used, passedOver };
    passedOver.push(next.topic);
  }
  return { topic: null, used: [...usedInRound], passedOver };
}

/** The key topics compare by (trimmed, case ignored). */
export const topicKey = key;
