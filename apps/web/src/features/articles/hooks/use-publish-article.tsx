import type { PublishSendAs, QualityReport } from '@abp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { articleQueryOptions } from '../api/get-article';
import { publishArticle } from '../api/publish-article';
import { articleKeys, dashboardStatsKey } from '../api/query-keys';
import { errorMessage, isQualityGateConflict, qualityReportOf } from '../lib/quality-gate';

/** Spec §4: the text clears 2 s after success, 5 s after a failure. */
export const PUBLISH_CLEAR_SUCCESS_MS = 2000;
export const PUBLISH_CLEAR_FAILURE_MS = 5000;

export const PUBLISH_STEPS = {
  preparing: { text: 'Preparing', percent: 0 },
  loading: { text: 'Loading article', percent: 20 },
  connecting: { text: 'Connecting', percent: 40 },
  publishing: { text: 'Publishing', percent: 80 },
  done: { text: 'Published successfully', percent: 100 },
  scheduled: { text: 'Scheduled on WordPress', percent: 100 },
  sentAsDraft: { text: 'Sent to WordPress as a draft', percent: 100 },
} as const;

/** The last step's words say what WordPress now has: a post sent as a draft is not "published". */
const finalStep = (wordpressStatus: string) =>
  wordpressStatus === 'publish'
    ? PUBLISH_STEPS.done
    : wordpressStatus === 'future'
      ? PUBLISH_STEPS.scheduled
      : PUBLISH_STEPS.sentAsDraft;

export interface PublishProgress {
  text: string;
  percent: number;
  failed: boolean;
}

export interface PublishRequest {
  id: number;
  /** Known site (edit, bulk); otherwise the article is loaded to find it. */
  siteId?: number | null;
  /** The site's name for the "live on <site>" toast; otherwise the article is loaded to find it. */
  siteName?: string;
  force?: boolean;
  /** 'draft': "Send to WordPress as draft"; otherwise the post goes live (or is scheduled). */
  sendAs?: PublishSendAs;
  /** Replaces the error toast of a non-gate failure (the edit dialog's own warning). */
  failureMessage?: string;
}

export type PublishOutcome = 'published' | 'failed' | 'no_site' | 'quality_gate' | 'ignored';

export interface QualityGateConflict {
  request: PublishRequest;
  report: QualityReport;
}

class NoSiteError extends Error {}

export const publishedLiveText = (siteName: string) => `Published — live on ${siteName}`;

function LiveToast({ siteName, permalink }: { siteName: string; permalink: string | null }) {
  return (
    <span>
      <span>{publishedLiveText(siteName)}</span>
      {permalink && (
        <>
          {' · '}
          <a href={permalink} target="_blank" rel="noopener noreferrer" style={{ color: 'inherit' }}>
            View post
          </a>
        </>
      )}
    </span>
  );
}

/**
 * Publishing from the screen: the progress text of spec §4, one publish per article at a time
 * (a repeated click is ignored), and the quality-gate confirmation with its forced retry.
 */
export function usePublishArticle() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [progress, setProgress] = useState<Record<number, PublishProgress>>({});
  const [conflict, setConflict] = useState<QualityGateConflict | null>(null);
  const running = useRef(new Set<number>());
  const timers = useRef(new Map<number, number>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const show = useCallback((id: number, step: { text: string; percent: number }, failed = false) => {
    window.clearTimeout(timers.current.get(id));
    setProgress((all) => ({ ...all, [id]: { ...step, failed } }));
  }, []);

  const clearLater = useCallback((id: number, delayMs: number) => {
    window.clearTimeout(timers.current.get(id));
    const timer = window.setTimeout(() => {
      timers.current.delete(id);
      setProgress(({ [id]: _cleared, ...rest }) => rest);
    }, delayMs);
    timers.current.set(id, timer);
  }, []);

  const publish = useCallback(
    async (request: PublishRequest): Promise<PublishOutcome> => {
      const { id, force = false } = request;
      if (running.current.has(id)) return 'ignored';
      running.current.add(id);
      show(id, PUBLISH_STEPS.preparing);
      try {
        show(id, PUBLISH_STEPS.loading);
        const known = request.siteId && request.siteName !== undefined;
        const loaded = known ? null : await queryClient.fetchQuery(articleQueryOptions(id));
        const siteId = request.siteId ?? loaded?.site_id;
        const siteName = request.siteName ?? loaded?.site_name ?? '';
        if (!siteId) throw new NoSiteError();
        show(id, PUBLISH_STEPS.connecting);
        const sent = publishArticle({ id, siteId, force, sendAs: request.sendAs });
        show(id, PUBLISH_STEPS.publishing);
        const result = await sent;
        show(id, finalStep(result.wordpress_status));
        clearLater(id, PUBLISH_CLEAR_SUCCESS_MS);
        // Issue #37: a post that went live says so, with the way to it.
        enqueueSnackbar(
          result.wordpress_status === 'publish' ? (
            <LiveToast siteName={siteName} permalink={result.wordpress_permalink} />
          ) : (
            result.message
          ),
          { variant: 'success' },
        );
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: articleKeys.all }),
          queryClient.invalidateQueries({ queryKey: dashboardStatsKey }),
        ]);
        return 'published';
      } catch (error) {
        if (!force && isQualityGateConflict(error)) {
          setProgress(({ [id]: _cleared, ...rest }) => rest);
          setConflict({ request: { ...request, siteId: request.siteId ?? null }, report: qualityReportOf(error) });
          return 'quality_gate';
        }
        show(id, { text: 'Failed to publish', percent: 100 }, true);
        clearLater(id, PUBLISH_CLEAR_FAILURE_MS);
        if (error instanceof NoSiteError) {
          enqueueSnackbar(request.failureMessage ?? 'Article does not have a valid site assigned', {
            variant: 'warning',
          });
          return 'no_site';
        }
        const fallback = force ? 'Forced publish failed' : 'Failed to publish article';
        if (request.failureMessage) enqueueSnackbar(request.failureMessage, { variant: 'warning' });
        else enqueueSnackbar(errorMessage(error, fallback), { variant: 'error' });
        return 'failed';
      } finally {
        running.current.delete(id);
      }
    },
    [clearLater, enqueueSnackbar, queryClient, show],
  );

  /** 'Publish anyway?' accepted: the same publish again, forced. */
  const publishAnyway = useCallback(async () => {
    if (!conflict) return;
    setConflict(null);
    await publish({ ...conflict.request, force: true });
  }, [conflict, publish]);

  const dismissConflict = useCallback(() => setConflict(null), []);

  return {
    publish,
    progress,
    conflict,
    publishAnyway,
    dismissConflict,
    isPublishing: (id: number) => id in progress && !progress[id]!.failed && progress[id]!.percent < 100,
  };
}
