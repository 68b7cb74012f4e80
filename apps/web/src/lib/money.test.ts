import { describe, expect, it } from 'vitest';
import { formatTokens, formatUsd, jobCostText } from './money';

describe('formatUsd', () => {
  it('shows cents from a dollar up and fractions of a cent below', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.00042)).toBe('$0.0004');
    expect(formatUsd(0.0123)).toBe('$0.0123');
    expect(formatUsd(0.5)).toBe('$0.50');
    expect(formatUsd(1234.567)).toBe('$1,234.57');
  });

  it('says when token counts were estimated', () => {
    expect(formatTokens(12345, 2310, false)).toBe('12,345 in / 2,310 out tokens');
    expect(formatTokens(10, 2, true)).toBe('10 in / 2 out tokens (estimated)');
  });
});

describe('jobCostText', () => {
  it('says nothing before a call, what was spent, and what the rest should cost while running', () => {
    const cost = { spent_usd: 0, calls: 0, estimate_to_finish_usd: null, estimated: false };
    expect(jobCostText(cost)).toBeNull();
    expect(jobCostText({ ...cost, calls: 4, spent_usd: 0.0123 })).toBe('Spent so far: $0.0123');
    expect(jobCostText({ ...cost, calls: 4, spent_usd: 0.0123, estimate_to_finish_usd: 0.05, estimated: true })).toBe(
      'Spent so far: $0.0123 (some tokens estimated) · about $0.05 more to finish',
    );
  });
});
