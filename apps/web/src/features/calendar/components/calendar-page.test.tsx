import type { CalendarItem, CalendarResponse } from '@abp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { setWindowWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../../../test/sites';
import { addDays, todayText, viewRange } from '../lib/calendar-dates';

const FIRST_LOOK = { timeout: 8000 };
const today = todayText();
const tomorrow = addDays(today, 1);

function item(overrides: Partial<CalendarItem>): CalendarItem {
  return {
    key: `article-${overrides.article_id ?? 1}`,
    kind: 'scheduled',
    date: tomorrow,
    at: `${tomorrow}T09:30:00.000Z`,
    site_id: 1,
    site_name: 'Garden Blog',
    title: 'Compost in winter',
    article_id: 1,
    from_app: true,
    projection: false,
    movable: true,
    review_reason: null,
    link: null,
    ...overrides,
  };
}

/** A calendar answer for the asked range: the items given, a cap of 3 for Garden Blog, flags where given. */
function answer(from: string, to: string, items: CalendarItem[], flags: { over?: string; gap?: string } = {}) {
  const days: CalendarResponse['days'] = [];
  for (let day = from; day <= to; day = addDays(day, 1))
    days.push({
      date: day,
      sites: [
        {
          site_id: 1,
          cap: 3,
          count: items.filter((i) => i.date === day).length,
          over_cap: day === flags.over,
          gap: day === flags.gap,
        },
      ],
    });
  return {
    from,
    to,
    time_zone: 'UTC',
    projection_rule: 'Projected slots follow the midpoint of the posting interval.',
    sites: [{ site_id: 1, site_name: 'Garden Blog', config_id: 1, scheduling: true, max_posts_per_day: 3, ramp: null }],
    days,
    items: items.filter((i) => i.date >= from && i.date <= to),
  } satisfies CalendarResponse;
}

const ITEMS = [
  item({}),
  item({
    key: 'article-2',
    article_id: 2,
    kind: 'published',
    movable: false,
    title: 'Mulch guide',
    date: today,
    at: `${today}T08:00:00.000Z`,
  }),
  item({
    key: 'slot-1-x',
    article_id: null,
    kind: 'projected',
    projection: true,
    movable: false,
    title: 'Next slot',
    date: tomorrow,
  }),
  item({
    key: 'article-3',
    article_id: 3,
    kind: 'held',
    movable: false,
    title: 'Held piece',
    review_reason: 'held',
    date: today,
  }),
];

let requests: URL[];
let moves: Array<{ id: string; body: unknown }>;

function show(options: { moveAnswer?: () => Response } = {}) {
  server.use(
    ...createFakeAuthApi({ authenticated: true }).handlers,
    http.get('/api/sites', () => HttpResponse.json([makeSite(), makeSite({ id: 2, name: 'Kitchen Blog' })])),
    http.get('/api/calendar', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      return HttpResponse.json(answer(from, to, ITEMS, { over: tomorrow, gap: addDays(today, 2) }));
    }),
    http.post('/api/calendar/articles/:id/reschedule', async ({ params, request }) => {
      const body = (await request.json()) as { date: string };
      moves.push({ id: String(params.id), body });
      if (options.moveAnswer) return options.moveAnswer();
      return HttpResponse.json({
        article_id: Number(params.id),
        kind: 'scheduled',
        at: `${body.date}T09:30:00.000Z`,
        wordpress_updated: true,
        message: `Moved to ${body.date}`,
      });
    }),
  );
  return renderApp({ path: '/calendar' });
}

const cell = (day: string) => document.querySelector(`[data-day="${day}"]`) as HTMLElement;

beforeEach(() => {
  requests = [];
  moves = [];
  setWindowWidth(1280);
});

describe('Calendar screen', () => {
  it('shows the month with each item on its day, labelled by kind, with the legend, over-cap days and gaps', async () => {
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' }, FIRST_LOOK)).toBeInTheDocument();
    await screen.findByText('Compost in winter');
    expect(within(cell(tomorrow)).getByText('Compost in winter')).toBeInTheDocument();
    const month = viewRange('month', today);
    expect(requests[0]!.searchParams.get('from')).toBe(month.from);
    expect(requests[0]!.searchParams.get('to')).toBe(month.to);
    expect(requests[0]!.searchParams.has('site_id')).toBe(false);
    const legend = screen.getByTestId('calendar-legend');
    for (const label of [
      'Published',
      'Scheduled on WordPress',
      'Next slot (projected)',
      'Held for review',
      'Delayed release',
    ])
      expect(within(legend).getByText(label)).toBeInTheDocument();
    expect(within(cell(today)).getByText('Mulch guide')).toBeInTheDocument();
    expect(within(cell(today)).getByText(/Held for review/)).toBeInTheDocument();
    expect(within(cell(tomorrow)).getByText(/Next slot \(projected\)/)).toBeInTheDocument();
    expect(cell(tomorrow)).toHaveAttribute('data-over-cap', 'true');
    expect(within(cell(tomorrow)).getByText('Over cap')).toHaveAttribute('title', 'Over cap — Garden Blog: 2 of 3');
    expect(cell(addDays(today, 2))).toHaveAttribute('data-gap', 'true');
    expect(cell(today)).not.toHaveAttribute('data-over-cap');
    // Only movable items can be moved.
    expect(within(cell(today)).queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
  });

  it('week view asks for seven days; the site filter asks for one site', async () => {
    const { user } = show();
    await screen.findByText('Compost in winter', {}, FIRST_LOOK);
    await user.click(screen.getByRole('button', { name: 'Week' }));
    const week = viewRange('week', today);
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('from')).toBe(week.from));
    expect(requests.at(-1)!.searchParams.get('to')).toBe(week.to);
    await user.click(screen.getByRole('combobox', { name: 'Site' }));
    await user.click(await screen.findByRole('option', { name: 'Kitchen Blog' }));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('site_id')).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('from')).toBe(addDays(week.from, 7)));
  });

  it('“Move to…” moves a scheduled article to the chosen day with the keyboard', async () => {
    const { user } = show();
    await screen.findByText('Compost in winter', {}, FIRST_LOOK);
    await user.click(screen.getByRole('button', { name: 'Move to… another day: “Compost in winter”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to another day' });
    const field = within(dialog).getByLabelText('New day');
    expect(field).toHaveValue(tomorrow);
    fireEvent.change(field, { target: { value: addDays(today, 5) } });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(moves).toEqual([{ id: '1', body: { date: addDays(today, 5) } }]));
    expect(
      await screen.findByText(`“Compost in winter”: Moved to ${addDays(today, 5)} (WordPress updated)`),
    ).toBeInTheDocument();
  });

  it('dragging an item to another day reschedules it; a refusal is shown in the server’s words', async () => {
    show({
      moveAnswer: () =>
        HttpResponse.json(
          { error: 'The new day is in the past: choose today or a later day', code: 'validation' },
          { status: 400 },
        ),
    });
    await screen.findByText('Compost in winter', {}, FIRST_LOOK);
    const title = within(cell(tomorrow)).getByText('Compost in winter');
    const dragged = title.closest('[data-testid="calendar-item"]')!;
    expect(dragged).toHaveAttribute('draggable', 'true');
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      get types() {
        return [...store.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const target = cell(addDays(today, 3));
    fireEvent.dragStart(dragged, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(moves).toEqual([{ id: '1', body: { date: addDays(today, 3) } }]));
    expect(await screen.findByText('The new day is in the past: choose today or a later day')).toBeInTheDocument();
  });

  it('at 390 px the period is a list by day', async () => {
    setWindowWidth(390);
    show();
    const list = await screen.findByTestId('calendar-list', {}, FIRST_LOOK);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const days = [...list.querySelectorAll(':scope > li')].map((li) => li.getAttribute('data-day'));
    // Days with items or a flag, in order: today (2 items), tomorrow (2, over cap), the gap day.
    expect(days).toEqual([today, tomorrow, addDays(today, 2)]);
    expect(within(list).getByText('Compost in winter')).toBeInTheDocument();
  });
});
