import { SITE_POLLING, type Site } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { siteKeys } from '../../../lib/resources/sites';
import { getSiteHealth } from '../api/get-site-health';
import { runHealthPass } from '../lib/health-pass';
import { healthSummary } from '../lib/site-health';

const RATE_LIMITED_TEXT = 'Rate limited. Pausing health checks temporarily.';

/**
 * Health of every site (0–1 by site id): a pass after the list first loads and every 5 minutes
 * (TanStack Query refetchInterval; one pass at a time), one site at a time, silently; `refresh()`
 * (the Refresh Health button) checks now and reports the whole pass in one toast. After a 429
 * nothing is checked until the pause is over.
 */
export function useHealthPolling(sites: readonly Site[] | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const [live, setLive] = useState<Record<number, number | null>>({});
  const [manual, setManual] = useState(false);
  // Sites being deleted are left out: their health no longer matters and the server refuses it.
  const ids = (sites ?? []).filter((s) => !s.deleting).map((s) => s.id);

  const pass = useQuery({
    queryKey: siteKeys.health(ids),
    queryFn: ({ signal }) =>
      runHealthPass(ids, {
        check: (id, s) => getSiteHealth(id, s),
        signal,
        onValue: (id, value) => {
          if (value !== undefined) setLive((prev) => ({ ...prev, [id]: value }));
        },
      }),
    enabled: ids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: (query) => {
      const pausedUntil = query.state.data?.pausedUntil;
      return pausedUntil && pausedUntil > Date.now() ? pausedUntil - Date.now() : SITE_POLLING.healthIntervalMs;
    },
  });

  const reportedPause = useRef<number | null>(null);
  const pausedUntil = pass.data?.pausedUntil ?? null;
  useEffect(() => {
    if (pausedUntil === null || reportedPause.current === pausedUntil) return;
    reportedPause.current = pausedUntil;
    enqueueSnackbar(RATE_LIMITED_TEXT, { variant: 'warning' });
  }, [pausedUntil, enqueueSnackbar]);

  const refetch = pass.refetch;
  const refresh = useCallback(async () => {
    if (pausedUntil !== null && pausedUntil > Date.now()) {
      enqueueSnackbar(RATE_LIMITED_TEXT, { variant: 'warning' });
      return;
    }
    if (pass.isFetching) return;
    setManual(true);
    try {
      const { data } = await refetch();
      if (!data || data.pausedUntil !== null) return;
      const names = new Map((sites ?? []).map((s) => [s.id, s.name]));
      const summary = healthSummary(
        Object.entries(data.values).map(([id, value]) => ({ name: names.get(Number(id)) ?? `Site ${id}`, value })),
      );
      if (summary) enqueueSnackbar(summary.text, { variant: summary.variant });
    } finally {
      setManual(false);
    }
  }, [pausedUntil, pass.isFetching, refetch, enqueueSnackbar, sites]);

  // Readings of the last complete pass, overlaid with those of the pass going on.
  const settled = Object.fromEntries(
    Object.entries(pass.data?.values ?? {}).filter(([, v]) => v !== undefined),
  ) as Record<number, number | null>;
  return { health: { ...settled, ...live }, checking: pass.isFetching || manual, refresh: () => void refresh() };
}
