import type { ArticleStatus, ArticleSummary, QualityReport } from '@abp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteArticle } from '../api/delete-article';
import { articleQueryOptions } from '../api/get-article';
import { publishArticle } from '../api/publish-article';
import { articleKeys, dashboardStatsKey } from '../api/query-keys';
import { updateArticle } from '../api/update-article';
import { errorMessage, isQualityGateConflict, qualityReportOf } from '../lib/quality-gate';

/** 'publish' makes the posts live (scheduled articles: scheduled); 'draft' sends them as drafts (issue #17). */
export type BulkAction = 'status' | 'publish' | 'draft' | 'delete';

/** The actions that send articles to WordPress, each reported article by article. */
export const isPushAction = (action: BulkAction): action is 'publish' | 'draft' =>
  action === 'publish' || action === 'draft';

/** Spec §4 and §9: 10% once the articles are loaded, the rest split across items; close 1.5 s after. */
export const BULK_LOADED_PERCENT = 10;
export const BULK_CLOSE_DELAY_MS = 1500;

export interface BulkOptions {
  status?: ArticleStatus;
  /** ISO time, for status 'scheduled'. */
  scheduledAt?: string | null;
}

/** What a bulk publish did with one article (issue #18: the operator sees each, nothing is forced silently). */
export type PublishOutcome =
  | { id: number; title: string; kind: 'published'; wordpressStatus: string | null }
  | { id: number; title: string; kind: 'blocked'; report: QualityReport }
  | { id: number; title: string; kind: 'failed'; message: string }
  | { id: number; title: string; kind: 'skipped'; message: string };

export interface BulkRun {
  action: BulkAction;
  total: number;
  processed: number;
  percent: number;
  done: boolean;
  /** Bulk publish only: each article's outcome, in order. */
  outcomes: PublishOutcome[];
}

type SiteOf = Pick<ArticleSummary, 'id' | 'site_id' | 'title'>;

const LABEL: Record<BulkAction, string> = {
  status: 'Status change',
  publish: 'Publish',
  draft: 'Send as draft',
  delete: 'Delete',
};

/**
 * Runs a bulk action one article at a time. A failed status change or delete is logged and counted
 * as processed (spec §4). A bulk publish reports each article (published, blocked by the quality
 * gate with its reasons, failed with WordPress' reason, skipped without a site) and stays open when
 * any was not published; a blocked article is published only when the operator says "Publish
 * anyway" for it (`publishAnyway`).
 */
export function useBulkAction(onFinished: () => void) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [run, setRun] = useState<BulkRun | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const articlesRef = useRef<SiteOf[]>([]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const publishOne = useCallback(
    async (article: SiteOf, action: 'publish' | 'draft', force = false): Promise<PublishOutcome> => {
      const { id, title } = article;
      if (!article.site_id) return { id, title, kind: 'skipped', message: 'No site assigned' };
      try {
        const result = await publishArticle({
          id,
          siteId: article.site_id,
          force,
          ...(action === 'draft' ? { sendAs: 'draft' as const } : {}),
        });
        return { id, title, kind: 'published', wordpressStatus: result.wordpress_status ?? null };
      } catch (error) {
        if (isQualityGateConflict(error)) return { id, title, kind: 'blocked', report: qualityReportOf(error) };
        console.error(`[bulk] publish of article ${id} failed`, error);
        return { id, title, kind: 'failed', message: errorMessage(error, 'Publishing failed') };
      }
    },
    [],
  );

  const invalidate = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsKey }),
      ]),
    [queryClient],
  );

  /** The operator's "Publish anyway" for one article the gate blocked in this run. */
  const publishAnyway = useCallback(
    async (id: number) => {
      const blocked = run?.outcomes.find((o) => o.id === id && o.kind === 'blocked');
      const siteId = articlesRef.current.find((a) => a.id === id)?.site_id;
      if (!blocked || !siteId) return;
      const outcome = await publishOne(
        { id, title: blocked.title, site_id: siteId },
        run?.action === 'draft' ? 'draft' : 'publish',
        true,
      );
      setRun((r) => r && { ...r, outcomes: r.outcomes.map((o) => (o.id === id ? outcome : o)) });
      if (outcome.kind === 'published')
        enqueueSnackbar(`"${outcome.title}" published despite the quality gate`, { variant: 'warning' });
      else if (outcome.kind === 'failed')
        enqueueSnackbar(`"${outcome.title}" could not be published: ${outcome.message}`, { variant: 'error' });
      await invalidate();
    },
    [run, publishOne, enqueueSnackbar, invalidate],
  );

  const close = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    setRun(null);
    onFinished();
  }, [onFinished]);

  const start = useCallback(
    async (action: BulkAction, ids: readonly number[], known: readonly ArticleSummary[], options: BulkOptions = {}) => {
      const total = ids.length;
      setRun({ action, total, processed: 0, percent: 0, done: false, outcomes: [] });
      // Loading: the selected articles (the current page has most of them; others are fetched).
      const byId = new Map<number, SiteOf>(known.map((a) => [a.id, a]));
      const articles: SiteOf[] = [];
      for (const id of ids) {
        const cached = byId.get(id);
        if (cached) articles.push(cached);
        else
          articles.push(
            await queryClient
              .fetchQuery(articleQueryOptions(id))
              .catch(() => ({ id, site_id: null, title: `Article ${id}` })),
          );
      }
      articlesRef.current = articles;
      const outcomes: PublishOutcome[] = [];
      setRun((r) => r && { ...r, percent: BULK_LOADED_PERCENT });

      let processed = 0;
      for (const article of articles) {
        try {
          if (action === 'delete') await deleteArticle({ id: article.id, trashPost: false });
          else if (isPushAction(action)) outcomes.push(await publishOne(article, action));
          else if (options.status) {
            await updateArticle({
              id: article.id,
              body:
                options.status === 'scheduled'
                  ? { status: options.status, scheduled_at: options.scheduledAt ?? null }
                  : { status: options.status },
            });
          }
        } catch (error) {
          console.error(`[bulk] ${action} of article ${article.id} failed`, error);
        }
        processed += 1;
        const percent = BULK_LOADED_PERCENT + Math.round(((100 - BULK_LOADED_PERCENT) * processed) / total);
        setRun((r) => r && { ...r, processed, percent, outcomes: [...outcomes] });
      }
      setRun((r) => r && { ...r, done: true, percent: 100 });
      await invalidate();
      if (isPushAction(action)) {
        const summary = publishSummary(outcomes, action === 'draft' ? 'Sent as drafts:' : 'Published');
        enqueueSnackbar(summary.text, { variant: summary.variant });
        // Something was not published: the dialog stays with each article's outcome.
        if (outcomes.some((o) => o.kind !== 'published')) return;
      } else {
        enqueueSnackbar(`${LABEL[action]} completed for ${total} article${total === 1 ? '' : 's'}`, {
          variant: 'success',
        });
      }
      closeTimer.current = window.setTimeout(close, BULK_CLOSE_DELAY_MS);
    },
    [enqueueSnackbar, close, publishOne, queryClient, invalidate],
  );

  return { run, start, publishAnyway, close };
}

const plural = (n: number) => `${n} article${n === 1 ? '' : 's'}`;

/** The toast of a bulk publish: what went live (or was sent as drafts), and what did not and why, in one line. */
export function publishSummary(
  outcomes: readonly PublishOutcome[],
  verb = 'Published',
): { text: string; variant: 'success' | 'warning' | 'error' } {
  const count = (kind: PublishOutcome['kind']) => outcomes.filter((o) => o.kind === kind).length;
  const published = count('published');
  const rest = [
    count('blocked') > 0 ? `${count('blocked')} blocked by the quality gate` : null,
    count('failed') > 0 ? `${count('failed')} failed` : null,
    count('skipped') > 0 ? `${count('skipped')} skipped (no site)` : null,
  ].filter(Boolean);
  if (rest.length === 0) return { text: `${verb} ${plural(published)}`, variant: 'success' };
  return {
    text: `${verb} ${published} of ${plural(outcomes.length)}: ${rest.join(', ')}`,
    variant: published > 0 ? 'warning' : 'error',
  };
}
