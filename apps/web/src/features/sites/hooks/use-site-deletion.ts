import { SITE_POLLING, type Site } from '@abp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { countOf } from '../../../lib/plural';
import { siteKeys } from '../../../lib/resources/sites';
import { getSiteDeletion, useDeleteSite } from '../api/delete-site';

const TEXT = {
  cascade: {
    started: 'Cascade deletion started (removing site + all posts)...',
    done: 'Site and all posts deleted successfully',
    failed: 'Failed to cascade delete site',
  },
  plain: {
    started: 'Site deletion started (posts preserved)...',
    done: 'Site deleted successfully (posts preserved)',
    failed: 'Failed to delete site',
  },
} as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spec §4 Site deletion: a 'processing' answer means the server deletes in the background; the
 * list is then re-read every 2 seconds, 5 times (sooner done once the site is gone), before
 * success is reported. Otherwise success is reported at once and the list reloads.
 */
export function useSiteDeletion() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { mutateAsync } = useDeleteSite();

  const remove = useCallback(
    async (site: Site, cascade: boolean, trashPosts = false) => {
      const text = cascade ? TEXT.cascade : TEXT.plain;
      let answer;
      try {
        answer = await mutateAsync({ id: site.id, cascade, trashPosts });
      } catch {
        enqueueSnackbar(text.failed, { variant: 'error' });
        return;
      }
      if (!('status' in answer && answer.status === 'processing')) {
        await queryClient.invalidateQueries({ queryKey: siteKeys.all });
        enqueueSnackbar(text.done, { variant: 'success' });
        return;
      }
      enqueueSnackbar(text.started, { variant: 'info' });
      for (let i = 0; i < SITE_POLLING.deletePollTimes; i++) {
        await wait(SITE_POLLING.deletePollMs);
        await queryClient.refetchQueries({ queryKey: siteKeys.all });
        const list = queryClient.getQueryData<Site[]>(siteKeys.all);
        if (list && !list.some((s) => s.id === site.id)) break;
      }
      // Issue #17 item 2: say what was actually removed, and what WordPress refused.
      const outcome = await getSiteDeletion(answer.job_id).catch(() => null);
      if (outcome?.state === 'failed') {
        enqueueSnackbar(text.failed, { variant: 'error' });
        return;
      }
      if (outcome?.state !== 'done') {
        enqueueSnackbar(`Still deleting "${site.name}" in the background.`, { variant: 'info' });
        return;
      }
      const posts = trashPosts
        ? `${countOf(outcome.posts_trashed, 'WordPress post')} moved to the WordPress trash`
        : 'its WordPress posts stay on the site';
      enqueueSnackbar(`Deleted "${site.name}" and ${countOf(outcome.articles_deleted, 'article')}; ${posts}.`, {
        variant: 'success',
      });
      if (outcome.trash_failures.length > 0) {
        enqueueSnackbar(
          `${countOf(outcome.trash_failures.length, 'WordPress post')} could not be moved to the trash and stay on the site: ${outcome.trash_failures.slice(0, 3).join('; ')}`,
          { variant: 'error' },
        );
      }
    },
    [enqueueSnackbar, mutateAsync, queryClient],
  );

  return { remove };
}
