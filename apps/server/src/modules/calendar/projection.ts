import { startOfOperatorDay } from '../posting-policy/index.js';
import { startOfNextDay } from './calendar-days.js';

const HOUR_MS = 3_600_000;

export interface ProjectionInput {
  /** The configuration's next slot (null: one interval from now, as a save would set it). */
  nextPostAt: Date | null;
  intervalMin: number;
  intervalMax: number;
  now: Date;
  /** Slots at or after this instant are not projected. */
  until: Date;
  /** The day's cap (with the ramp) for the day beginning at this instant. */
  capOn: (dayStart: Date) => number;
  /** Slots the daily cap already counts today. */
  usedToday: number;
  timeZone: string;
  /** At most this many slots (a bound on the work, not a rule of the scheduler). */
  limit: number;
}

/**
 * The slots a configuration will fill, as the scheduler takes them: a slot due in the past is taken
 * at once; each next slot follows one interval later — the midpoint of the interval bounds, since the
 * real interval is drawn at random between them; a day at its cap holds the slot until the next
 * day begins (the scheduler's next tick after midnight takes it).
 */
export function projectSlots(input: ProjectionInput): Date[] {
  const step = ((input.intervalMin + input.intervalMax) / 2) * HOUR_MS;
  let t = input.nextPostAt ? Math.max(input.nextPostAt.getTime(), input.now.getTime()) : input.now.getTime() + step;
  const slots: Date[] = [];
  let dayStart = startOfOperatorDay(new Date(t), input.timeZone);
  let dayEnd = startOfNextDay(dayStart, input.timeZone);
  const today = startOfOperatorDay(input.now, input.timeZone).getTime();
  let used = dayStart.getTime() === today ? input.usedToday : 0;
  let cap = input.capOn(dayStart);
  while (t < input.until.getTime() && slots.length < input.limit) {
    if (t >= dayEnd.getTime()) {
      dayStart = startOfOperatorDay(new Date(t), input.timeZone);
      dayEnd = startOfNextDay(dayStart, input.timeZone);
      used = 0;
      cap = input.capOn(dayStart);
    }
    if (used >= cap) {
      t = dayEnd.getTime();
      continue;
    }
    slots.push(new Date(t));
    used++;
    t += step;
  }
  return slots;
}
