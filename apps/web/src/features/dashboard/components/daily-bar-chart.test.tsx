import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../../lib/money';
import { DailyBarChart, valueTicks } from './daily-bar-chart';

const days = (values: number[]) =>
  values.map((value, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, value }));

function drawn(values: number[], format?: (value: number) => string) {
  render(<DailyBarChart days={days(values)} label="Articles" color="#1e40af" height={260} format={format} />);
  const svg = screen.getByRole('img', { name: 'Articles per day' });
  return {
    svg,
    bars: [...svg.querySelectorAll('rect.bar')],
    axisLabels: [...svg.querySelectorAll('text')].map((t) => t.textContent),
    tooltips: [...svg.querySelectorAll('title')].map((t) => t.textContent),
  };
}

describe('valueTicks', () => {
  it.each([
    [0, true, [0, 1]],
    [3, true, [0, 1, 2, 3]],
    [7, true, [0, 2, 4, 6, 8]],
    [42, true, [0, 10, 20, 30, 40, 50]],
    [0.0123, false, [0, 0.005, 0.01, 0.015]],
    [2.5, false, [0, 0.5, 1, 1.5, 2, 2.5]],
  ])('max %d (whole numbers: %s) → %j', (max, whole, ticks) => {
    expect(valueTicks(max, whole)).toEqual(ticks);
  });
});

describe('DailyBarChart', () => {
  it('draws a bar per day with a value, as tall as its share of the top tick', () => {
    const values = Array.from({ length: 30 }, (_, i) => (i === 9 ? 4 : i === 19 ? 2 : 0));
    const { bars } = drawn(values);
    expect(bars).toHaveLength(2);
    const [tall, short] = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(tall).toBeGreaterThan(0);
    expect(short! / tall!).toBeCloseTo(0.5);
    // Day 10 of 30 starts a third of the way across, less half the gap between bars.
    expect(Number.parseFloat(bars[0]!.getAttribute('x')!)).toBeCloseTo(((9 + 0.1) / 30) * 100, 3);
  });

  it('labels every fifth day and whole-number steps on the value axis; each day has its value on hover', () => {
    const values = Array.from({ length: 30 }, (_, i) => i % 4);
    const { axisLabels, tooltips } = drawn(values);
    const dayNames = axisLabels.filter((text) => /\D/.test(text ?? ''));
    expect(dayNames).toHaveLength(6);
    expect(dayNames[0]).toBe(
      new Date('2026-11-05T00:00:00').toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
    );
    expect(axisLabels.filter((text) => /^\d+$/.test(text ?? ''))).toEqual(['0', '1', '2', '3']);
    expect(tooltips).toHaveLength(30);
    expect(tooltips[3]).toMatch(/· Articles: 3$/);
  });

  it('reads values with the given format, on the axis and on hover', () => {
    const { axisLabels, tooltips } = drawn([0, 0.0123, 0], formatUsd);
    expect(axisLabels).toEqual(expect.arrayContaining(['$0.00', '$0.005', '$0.01', '$0.015']));
    expect(tooltips[1]).toMatch(/· Articles: \$0\.0123$/);
  });

  // Issue #37 point 8 changed this rule: an empty month drew bare axes reading "0.0…"; it now says so in words.
  it('an empty month says so in words instead of drawing axes', () => {
    render(
      <DailyBarChart days={days(Array.from({ length: 30 }, () => 0))} label="Spend" color="#047857" height={220} />,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('No spend in the last 30 days.')).toBeInTheDocument();
  });

  it('an empty month can say what to do first', () => {
    render(
      <DailyBarChart
        days={days([0, 0, 0])}
        label="Articles"
        color="#1e40af"
        height={260}
        emptyText="No articles yet: add a site and write a first article to see them here."
      />,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(
      screen.getByText('No articles yet: add a site and write a first article to see them here.'),
    ).toBeInTheDocument();
  });
});

describe('DailyBarChart on a narrow card', () => {
  // Issue #37 point 8: the last day's label ran past the chart's edge on a phone.
  it('ends the last day’s label at the chart’s right edge; the others are centred on their day', () => {
    render(
      <DailyBarChart
        days={days(Array.from({ length: 30 }, (_, i) => i % 3))}
        label="Articles"
        color="#1e40af"
        height={260}
      />,
    );
    const labels = [...screen.getByRole('img').querySelectorAll('text')].filter((t) => /\D/.test(t.textContent ?? ''));
    const last = labels.at(-1)!;
    expect(last.getAttribute('text-anchor')).toBe('end');
    expect(last.getAttribute('x')).toBe('100.0000%');
    expect(labels[0]!.getAttribute('text-anchor')).toBe('middle');
  });
});
