import type { OutlineData } from '@abp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useArticles } from '../api/get-articles';
import { useKeywords } from '../api/get-keywords';
import { useLogs } from '../api/get-logs';
import { useOutlines } from '../api/get-outlines';
import { usePages } from '../api/get-pages';
import { useSitePages } from '../api/get-site-pages';
import { useSiteStructure } from '../api/get-site-structure';
import { seoKeys } from '../api/query-keys';
import type { WizardFacts } from '../lib/wizard-rules';

/** Everything the wizard shows for one project, loaded together (spec §7). */
export function useWizardData(projectId: number | null) {
  const queryClient = useQueryClient();
  const keywords = useKeywords(projectId);
  const outlines = useOutlines(projectId);
  const pages = usePages(projectId);
  const articles = useArticles(projectId);
  const logs = useLogs(projectId);
  const structure = useSiteStructure(projectId);
  const sitePages = useSitePages(projectId);

  const outline: OutlineData | null = outlines.data?.[0]?.outline_data ?? null;
  const loaded =
    projectId !== null && keywords.isSuccess && outlines.isSuccess && pages.isSuccess && articles.isSuccess;
  const failed = keywords.isError || outlines.isError || pages.isError || articles.isError;
  const facts: WizardFacts = {
    hasProject: projectId !== null,
    keywords: keywords.data?.length ?? 0,
    hasOutline: outline !== null,
    articles: articles.data?.length ?? 0,
    pages: pages.data?.length ?? 0,
  };

  /** Re-reads the project's data and the project list (phase, progress, counts). */
  const refresh = useCallback(async () => {
    await Promise.all([
      projectId !== null ? queryClient.invalidateQueries({ queryKey: seoKeys.project(projectId) }) : Promise.resolve(),
      queryClient.invalidateQueries({ queryKey: seoKeys.projects }),
    ]);
  }, [projectId, queryClient]);

  return {
    keywords: keywords.data ?? [],
    outline,
    pages: pages.data ?? [],
    articles: articles.data ?? [],
    logs: logs.data ?? [],
    structure: structure.data ?? null,
    sitePages: sitePages.data ?? [],
    loaded,
    failed,
    facts,
    refresh,
  };
}

export type WizardData = ReturnType<typeof useWizardData>;
