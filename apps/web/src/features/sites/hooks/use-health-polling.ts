import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { SITE_POLLING, type Site } from '@abp/contracts';
import { getSiteHealth } from '../api/get-site-health';
import { HealthPoller } from '../lib/health-poller';
import { healthSummary, healthValue, type HealthResult } from '../lib/site-health';

const RATE_LIMITED_TEXT = 'Rate limited. Pausing health checks temporarily.';

/**
 * Health of every site (0–1 by site id): checked after the list first loads and every 5 minutes,
 * one site at a time, silently; `refresh()` (the Refresh Health button) checks now and reports
 * the whole pass in one toast.
 */
export function useHealthPolling(sites: readonly Site[] | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const [health, setHealth] = useState<Record<number, number | null>>({});
  const [checking, setChecking] = useState(false);
  const manual = useRef(false);
  const siteIds = useRef<number[]>([]);
  const siteNames = useRef(new Map<number, string>());
  const manualResults = useRef<HealthResult[]>([]);
  const poller = useRef<HealthPoller | null>(null);

  const runCycle = useCallback(
    async (isManual: boolean) => {
      const current = poller.current;
      if (!current) return;
      if (isManual && current.pausedForMs > 0) {
        enqueueSnackbar(RATE_LIMITED_TEXT, { variant: 'warning' });
        return;
      }
      if (current.running) return;
      manual.current = isManual;
      manualResults.current = [];
      setChecking(true);
      try {
        await current.runCycle(siteIds.current);
        const summary = isManual ? healthSummary(manualResults.current) : null;
        if (summary && poller.current === current) enqueueSnackbar(summary.text, { variant: summary.variant });
      } finally {
        // A pass of a poller replaced meanwhile (remount) must not clear the new one's flag.
        if (poller.current === current) setChecking(false);
      }
    },
    [enqueueSnackbar],
  );

  useEffect(() => {
    const instance = new HealthPoller({
      check: (id, signal) => getSiteHealth(id, signal),
      onResult: (id, data) => {
        const value = healthValue(data);
        setHealth((prev) => ({ ...prev, [id]: value }));
        if (manual.current) manualResults.current.push({ name: siteNames.current.get(id) ?? `Site ${id}`, value });
      },
      onError: (id, error) => {
        console.error(`[sites] health check of site ${id} failed`, error);
        if (manual.current) manualResults.current.push({ name: siteNames.current.get(id) ?? `Site ${id}`, value: undefined });
      },
      onRateLimited: () => enqueueSnackbar(RATE_LIMITED_TEXT, { variant: 'warning' }),
    });
    poller.current = instance;
    const timer = window.setInterval(() => void runCycle(false), SITE_POLLING.healthIntervalMs);
    return () => {
      window.clearInterval(timer);
      instance.stop();
      poller.current = null;
    };
  }, [enqueueSnackbar, runCycle]);

  // Sites being deleted are left out: their health no longer matters and the server refuses it.
  const ids = (sites ?? []).filter((s) => !s.deleting).map((s) => s.id);
  const idsKey = ids.join(',');
  useEffect(() => {
    siteNames.current = new Map((sites ?? []).map((s) => [s.id, s.name]));
  }, [sites]);
  useEffect(() => {
    siteIds.current = idsKey ? idsKey.split(',').map(Number) : [];
  }, [idsKey]);

  // "After the site list loads": once, on the first list that has sites in it.
  const loaded = sites !== undefined && idsKey !== '';
  const started = useRef(false);
  useEffect(() => {
    if (!loaded || started.current) return;
    started.current = true;
    void runCycle(false);
    // A remount (StrictMode) stops the poller that ran this pass: let the new one start again.
    return () => {
      started.current = false;
    };
  }, [loaded, runCycle]);

  const refresh = useCallback(() => void runCycle(true), [runCycle]);
  return { health, checking, refresh };
}
