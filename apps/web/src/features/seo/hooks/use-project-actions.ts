import type { SeoProject } from '@abp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { generateKeywords } from '../api/generate-keywords';
import { generateOutline } from '../api/generate-outline';
import { seoKeys } from '../api/query-keys';
import { errorText } from '../lib/errors';

type Notify = (message: string, variant: 'success' | 'error') => void;

/** Spec §8: a server answer reads 'Failed to generate keywords: …', anything else 'Error generating keywords: …'. */
export function keywordFailure(error: unknown): string {
  return isApiError(error)
    ? `Failed to generate keywords: ${error.message}`
    : `Error generating keywords: ${errorText(error, 'unknown error')}`;
}

/** The list page's quick actions: keyword research and an outline from the project's keywords. */
export function useProjectQuickActions(notify: Notify) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'keywords' | 'outline' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: seoKeys.all });

  const runKeywords = async (project: SeoProject) => {
    setBusy('keywords');
    try {
      const result = await generateKeywords({
        project_id: project.id,
        niche: project.niche,
        company_name: project.company_name,
        target_audience: project.target_audience,
      });
      notify(`Keyword research complete: ${result.keywords.length} keywords`, 'success');
    } catch (error) {
      notify(keywordFailure(error), 'error');
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  const runOutline = async (project: SeoProject) => {
    setBusy('outline');
    try {
      const result = await generateOutline({ project_id: project.id, niche: project.niche, keywords: [] });
      notify(
        `Content outline created: ${result.outline.outline_data.pillar_posts.length} pillar and ${result.outline.outline_data.cluster_posts.length} cluster posts`,
        'success',
      );
    } catch (error) {
      notify(`Failed to create the content outline: ${errorText(error, 'unknown error')}`, 'error');
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  return { busy, runKeywords, runOutline };
}
