import { describe, expect, it } from 'vitest';
import { healthSummary, healthToastText, healthValue } from './site-health';

describe('healthValue (spec §3: the first number among the four fields)', () => {
  it.each([
    [{ success_rate: 0.9, success_percent: 10, health: { score: 20 } }, 0.9],
    [{ success_percent: 75, health: { score: 20 } }, 0.75],
    [{ health: { score: 42, successRate: 0.9 } }, 0.42],
    [{ health: { successRate: 0.55 } }, 0.55],
    [{ success_rate: '0.9', health: { score: 30 } }, 0.3],
    [{ success_rate: 0 }, 0],
  ])('%j → %s', (data, expected) => {
    expect(healthValue(data)).toBe(expected);
  });

  it.each([null, undefined, 'text', {}, { health: null }, { success_rate: Number.NaN }])('%j has no value', (data) => {
    expect(healthValue(data)).toBeNull();
  });
});

describe('health toast texts and thresholds (0.8 / 0.5)', () => {
  it.each([
    [1, 'Site health: Excellent (100%)'],
    [0.8, 'Site health: Excellent (80%)'],
    [0.79, 'Site health: Fair (79%)'],
    [0.5, 'Site health: Fair (50%)'],
    [0.49, 'Site health: Poor (49%)'],
    [0, 'Site health: Poor (0%)'],
    [null, 'Site health: unavailable'],
  ])('%s → %s', (value, text) => {
    expect(healthToastText(value)).toBe(text);
  });
});

describe('one toast for one Refresh Health (issue 17.11)', () => {
  it('one site keeps the spec text', () => {
    expect(healthSummary([{ name: 'Garden', value: 1 }])).toEqual({
      text: 'Site health: Excellent (100%)',
      variant: 'success',
    });
    expect(healthSummary([{ name: 'Garden', value: undefined }])).toEqual({
      text: 'Health check failed',
      variant: 'error',
    });
  });

  it('several sites: counts by rating, coloured by the worst, naming those not excellent', () => {
    const twelve = [
      { name: 'Good', value: 0.95 },
      ...Array.from({ length: 11 }, (_, i) => ({ name: `Bad ${i + 1}`, value: 0 })),
    ];
    expect(healthSummary(twelve)).toEqual({
      text: '12 sites checked: 1 excellent, 11 poor — not excellent: Bad 1, Bad 2, Bad 3, Bad 4, Bad 5 and 6 more',
      variant: 'error',
    });
    expect(
      healthSummary([
        { name: 'A', value: 1 },
        { name: 'B', value: 0.6 },
      ]),
    ).toEqual({ text: '2 sites checked: 1 excellent, 1 fair — not excellent: B', variant: 'warning' });
    expect(
      healthSummary([
        { name: 'A', value: 1 },
        { name: 'B', value: 0.9 },
      ]),
    ).toEqual({ text: '2 sites checked: 2 excellent', variant: 'success' });
    expect(
      healthSummary([
        { name: 'A', value: null },
        { name: 'B', value: undefined },
      ])?.text,
    ).toBe('2 sites checked: 1 unavailable, 1 failed — not excellent: A, B');
    expect(healthSummary([])).toBeNull();
  });
});
