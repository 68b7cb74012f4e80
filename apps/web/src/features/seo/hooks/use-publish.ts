import {
  isPublishRunOver,
  type PublishArticlesRequest,
  type PublishPagesRequest,
  SEO_MESSAGES,
  type SeoPublishRun,
} from '@abp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { countOf } from '../../../lib/plural';
import { usePublishRun, usePublishRuns } from '../api/get-publish-runs';
import { publishArticles } from '../api/publish-articles';
import { publishPages } from '../api/publish-pages';
import { seoKeys } from '../api/query-keys';
import { errorText } from '../lib/errors';

type Notify = (message: string, variant: 'success' | 'error' | 'warning' | 'info') => void;
type Kind = SeoPublishRun['kind'];

/**
 * Publishing pages and articles with the spec's messages (§8 Publish). The server runs each
 * publish as a durable job: the POST answers at once with the run, which is followed until it is
 * over (also one still going when the wizard is opened again).
 */
export function usePublish(projectId: number | null, notify: Notify, refresh: () => Promise<void>) {
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState<Kind | null>(null);
  const [runId, setRunId] = useState<number | null>(null);
  const reported = useRef(new Set<number>());
  const runs = usePublishRuns(projectId);
  // A run that was going when the wizard was opened is followed like one started here.
  const followId = runId ?? runs.data?.find((r) => !isPublishRunOver(r))?.id ?? null;
  const run = usePublishRun(followId);

  useEffect(() => {
    const current = run.data;
    if (!current || !isPublishRunOver(current) || reported.current.has(current.id)) return;
    reported.current.add(current.id);
    report(current, notify);
    // The list read on opening still shows this run as going.
    void queryClient.invalidateQueries({ queryKey: seoKeys.publishRuns(current.project_id) });
    void refresh();
  }, [run.data, notify, refresh, queryClient]);

  const start = async (kind: Kind, call: (id: number) => Promise<SeoPublishRun>) => {
    if (projectId === null) {
      notify(SEO_MESSAGES.selectProject, 'warning');
      return;
    }
    setStarting(kind);
    try {
      setRunId((await call(projectId)).id);
    } catch (error) {
      notify(`Publish error: ${errorText(error, 'Publish failed')}`, 'error');
      await refresh();
    } finally {
      setStarting(null);
    }
  };

  const following = followId !== null && !(run.data && isPublishRunOver(run.data));
  return {
    busy: starting ?? (following ? (run.data?.kind ?? 'pages') : null),
    /** The run followed now, else the project's latest: its page (issue #37 point 2) is linked under the buttons. */
    runId: followId ?? runs.data?.[0]?.id ?? null,
    /** The run being followed: its items done so far and in all. */
    progress:
      following && run.data ? { kind: run.data.kind, processed: run.data.processed, total: run.data.total } : null,
    // No page chosen to update the site's own: the request stays as it was before the choice existed.
    publishPages: (body: NonNullable<PublishPagesRequest>) => {
      const { updateExisting, ...rest } = body;
      return start('pages', (id) => publishPages(id, updateExisting?.length ? body : rest));
    },
    publishArticles: (body: PublishArticlesRequest) => start('articles', (id) => publishArticles(id, body)),
  };
}

/**
 * What a publish run did, in words and proper plurals (issue #37 point 8: "Published 0 article(s)"):
 * a run that published nothing says so.
 */
export function publishOutcomeText(
  kind: SeoPublishRun['kind'],
  outcome: Pick<SeoPublishRun['outcome'], 'published' | 'failed' | 'drafts' | 'skipped'>,
): string {
  const noun = kind === 'pages' ? 'page' : 'article';
  const failed = outcome.failed > 0 ? ` ${countOf(outcome.failed, noun)} failed.` : '';
  const drafts = outcome.drafts > 0 ? ` ${countOf(outcome.drafts, noun)} saved as draft.` : '';
  const skipped =
    outcome.skipped > 0
      ? ` ${countOf(outcome.skipped, noun)} not sent: the site already has a page at that address.`
      : '';
  const head =
    outcome.published > 0
      ? `Published ${countOf(outcome.published, noun)}.`
      : `Nothing was published: no ${noun} went live on the site.`;
  return `${head}${failed}${drafts}${skipped}`;
}

function report(run: SeoPublishRun, notify: Notify): void {
  if (run.state === 'failed') {
    notify(`Publish error: ${run.error ?? 'Publish failed'}`, 'error');
    return;
  }
  const { outcome } = run;
  notify(publishOutcomeText(run.kind, outcome), outcome.failed > 0 || outcome.published === 0 ? 'warning' : 'success');
  // Why each page was not sent: the site's page it would have been added beside.
  for (const result of outcome.results) if (result.outcome === 'skipped' && result.error) notify(result.error, 'info');
  for (const warning of outcome.warnings) notify(warning, 'warning');
}
