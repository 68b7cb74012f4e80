import { describe, expect, it } from 'vitest';
import {
  nextSlotAfter,
  pickTopic,
  pickUncoveredTopic,
  startOfOperatorDay,
} from '../../src/modules/posting-policy/schedule-math.js';

describe('startOfOperatorDay', () => {
  it('is midnight UTC in UTC', () => {
    expect(startOfOperatorDay(new Date('2031-01-15T23:59:59.999Z'), 'UTC').toISOString()).toBe(
      '2031-01-15T00:00:00.000Z',
    );
    expect(startOfOperatorDay(new Date('2031-01-16T00:00:00.000Z'), 'UTC').toISOString()).toBe(
      '2031-01-16T00:00:00.000Z',
    );
  });

  it("is the zone's local midnight, on either side of UTC midnight", () => {
    // 19:30 in New York on the 15th is 00:30 UTC on the 16th: still the 15th for the operator.
    expect(startOfOperatorDay(new Date('2031-01-16T00:30:00Z'), 'America/New_York').toISOString()).toBe(
      '2031-01-15T05:00:00.000Z',
    );
    expect(startOfOperatorDay(new Date('2031-01-16T05:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2031-01-16T05:00:00.000Z',
    );
    expect(startOfOperatorDay(new Date('2031-01-15T20:00:00Z'), 'Asia/Tokyo').toISOString()).toBe(
      '2031-01-15T15:00:00.000Z',
    );
    expect(startOfOperatorDay(new Date('2031-01-15T12:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2031-01-14T18:30:00.000Z',
    );
  });

  it('uses the offset of midnight on daylight-saving days', () => {
    // Berlin switches to summer time at 02:00 on 30 March 2031: midnight was still UTC+1.
    expect(startOfOperatorDay(new Date('2031-03-30T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2031-03-29T23:00:00.000Z',
    );
    // And back on 26 October 2031: midnight was still UTC+2.
    expect(startOfOperatorDay(new Date('2031-10-26T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2031-10-25T22:00:00.000Z',
    );
  });
});

describe('nextSlotAfter', () => {
  it('spans exactly min to max hours over the random range', () => {
    const now = new Date('2031-01-01T00:00:00Z');
    expect(nextSlotAfter(now, 1, 3, () => 0).toISOString()).toBe('2031-01-01T01:00:00.000Z');
    expect(nextSlotAfter(now, 1, 3, () => 0.5).toISOString()).toBe('2031-01-01T02:00:00.000Z');
    expect(nextSlotAfter(now, 4, 4, () => 0.9).toISOString()).toBe('2031-01-01T04:00:00.000Z');
    expect(nextSlotAfter(now, 1, 24, () => 0.999999).getTime() - now.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
  });
});

describe('pickTopic', () => {
  it('uses every topic once before any repeats, in list order', () => {
    const topics = ['A', 'B', 'C'];
    let used: string[] = [];
    const picked: string[] = [];
    for (let i = 0; i < 7; i++) {
      const next = pickTopic(topics, used);
      picked.push(next.topic);
      used = next.used;
    }
    expect(picked).toEqual(['A', 'B', 'C', 'A', 'B', 'C', 'A']);
  });

  it('follows an edited list: new topics join the round, removed ones are forgotten, case and spaces do not matter', () => {
    expect(pickTopic(['c', 'D', 'a'], ['A', 'B'])).toEqual({ topic: 'c', used: ['A', 'c'] });
    expect(pickTopic(['c', 'D', 'a'], ['A', 'c'])).toEqual({ topic: 'D', used: ['A', 'c', 'D'] });
    expect(pickTopic(['A', 'B'], ['a ', 'b'])).toEqual({ topic: 'A', used: ['A'] });
    expect(pickTopic(['X'], [])).toEqual({ topic: 'X', used: ['X'] });
    expect(() => pickTopic([], [])).toThrow();
  });
});

describe('pickUncoveredTopic', () => {
  it('passes over covered topics (they count as used), keeps the rotation, and gives null when all are covered', () => {
    const covered = (t: string) => t === 'B';
    expect(pickUncoveredTopic(['A', 'B', 'C'], ['A'], covered)).toEqual({
      topic: 'C',
      used: ['A', 'B', 'C'],
      passedOver: ['B'],
    });
    // At the end of a round the next one starts; the covered topic is passed over again.
    expect(pickUncoveredTopic(['A', 'B', 'C'], ['A', 'C'], covered)).toEqual({
      topic: 'A',
      used: ['A'],
      passedOver: ['B'],
    });
    expect(pickUncoveredTopic(['A', 'B'], [], () => false)).toEqual({ topic: 'A', used: ['A'], passedOver: [] });
    expect(pickUncoveredTopic(['A', 'B'], ['A'], () => true)).toEqual({
      topic: null,
      used: ['A'],
      passedOver: ['B', 'A'],
    });
  });
});
