import { type CalendarResponse, calendarResponseSchema } from '@abp/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const calendarQueryKey = ['calendar'] as const;

export interface CalendarRange {
  from: string;
  to: string;
  /** null: all sites. */
  siteId: number | null;
}

/** Re-read every minute: slots are taken and posts go out while the page is open. */
const REFRESH_MS = 60_000;

export function getCalendar(range: CalendarRange, signal?: AbortSignal): Promise<CalendarResponse> {
  return api.get('/api/calendar', {
    signal,
    schema: calendarResponseSchema,
    query: { from: range.from, to: range.to, site_id: range.siteId ?? undefined },
  });
}

export function calendarQueryOptions(range: CalendarRange) {
  return queryOptions({
    queryKey: [...calendarQueryKey, range.from, range.to, range.siteId],
    queryFn: ({ signal }) => getCalendar(range, signal),
    refetchInterval: REFRESH_MS,
    // The grid keeps the last period while the next one loads (no jump to a spinner on Next).
    placeholderData: keepPreviousData,
  });
}

export function useCalendar(range: CalendarRange) {
  return useQuery(calendarQueryOptions(range));
}
