import { describe, expect, it } from 'vitest';
import { healthToastText, healthValue } from './site-health';

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
