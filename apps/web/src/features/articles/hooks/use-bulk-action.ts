import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { ArticleStatus, ArticleSummary } from '@abp/contracts';
import { deleteArticle } from '../api/delete-article';
import { articleQueryOptions } from '../api/get-article';
import { publishArticle } from '../api/publish-article';
import { articleKeys, dashboardStatsKey } from '../api/query-keys';
import { updateArticle } from '../api/update-article';
import { isQualityGateConflict } from '../lib/quality-gate';

export type BulkAction = 'status' | 'publish' | 'delete';

/** Spec §4 and §9: 10% once the articles are loaded, the rest split across items; close 1.5 s after. */
export const BULK_LOADED_PERCENT = 10;
export const BULK_CLOSE_DELAY_MS = 1500;

export interface BulkOptions {
  status?: ArticleStatus;
  /** ISO time, for status 'scheduled'. */
  scheduledAt?: string | null;
}

export interface BulkRun {
  action: BulkAction;
  total: number;
  processed: number;
  percent: number;
  done: boolean;
}

type SiteOf = Pick<ArticleSummary, 'id' | 'site_id'>;

const LABEL: Record<BulkAction, string> = { status: 'Status change', publish: 'Publish', delete: 'Delete' };

/**
 * Runs a bulk action one article at a time. Failures are logged and counted as processed, and the
 * batch still reports success (spec §4). Bulk publish skips articles without a site and retries a
 * quality-gate refusal forced.
 */
export function useBulkAction(onFinished: () => void) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [run, setRun] = useState<BulkRun | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const publishOne = useCallback(async (article: SiteOf) => {
    if (!article.site_id) {
      console.warn(`[bulk] article ${article.id} skipped: no site assigned`);
      return;
    }
    const input = { id: article.id, siteId: article.site_id, shape: 'site_id' as const };
    try {
      await publishArticle(input);
    } catch (error) {
      if (!isQualityGateConflict(error)) throw error;
      await publishArticle({ ...input, force: true });
    }
  }, []);

  const start = useCallback(
    async (action: BulkAction, ids: readonly number[], known: readonly ArticleSummary[], options: BulkOptions = {}) => {
      const total = ids.length;
      setRun({ action, total, processed: 0, percent: 0, done: false });
      // Loading: the selected articles (the current page has most of them; others are fetched).
      const byId = new Map<number, SiteOf>(known.map((a) => [a.id, a]));
      const articles: SiteOf[] = [];
      for (const id of ids) {
        const cached = byId.get(id);
        if (cached) articles.push(cached);
        else articles.push(await queryClient.fetchQuery(articleQueryOptions(id)).catch(() => ({ id, site_id: null })));
      }
      setRun((r) => r && { ...r, percent: BULK_LOADED_PERCENT });

      let processed = 0;
      for (const article of articles) {
        try {
          if (action === 'delete') await deleteArticle(article.id);
          else if (action === 'publish') await publishOne(article);
          else if (options.status) {
            await updateArticle({
              id: article.id,
              body: options.status === 'scheduled' ? { status: options.status, scheduled_at: options.scheduledAt ?? null } : { status: options.status },
            });
          }
        } catch (error) {
          console.error(`[bulk] ${action} of article ${article.id} failed`, error);
        }
        processed += 1;
        const percent = BULK_LOADED_PERCENT + Math.round(((100 - BULK_LOADED_PERCENT) * processed) / total);
        setRun((r) => r && { ...r, processed, percent });
      }
      setRun((r) => r && { ...r, done: true, percent: 100 });
      enqueueSnackbar(`${LABEL[action]} completed for ${total} article${total === 1 ? '' : 's'}`, { variant: 'success' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: articleKeys.all }), queryClient.invalidateQueries({ queryKey: dashboardStatsKey })]);
      closeTimer.current = window.setTimeout(() => {
        setRun(null);
        onFinished();
      }, BULK_CLOSE_DELAY_MS);
    },
    [enqueueSnackbar, onFinished, publishOne, queryClient],
  );

  return { run, start };
}
