import { isPublishRunOver, type SeoPublishRun, seoPublishRunListSchema, seoPublishRunSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seoKeys } from './query-keys';

const FOLLOW_INTERVAL_MS = 1000;

export function getPublishRun(runId: number, signal?: AbortSignal): Promise<SeoPublishRun> {
  return api.get(`/api/seo/publish-runs/${runId}`, { signal, schema: seoPublishRunSchema });
}

export function getPublishRuns(projectId: number, signal?: AbortSignal): Promise<SeoPublishRun[]> {
  return api.get(`/api/seo/projects/${projectId}/publish-runs`, { signal, schema: seoPublishRunListSchema });
}

/** Follows one run every second until it is done or failed. */
export function usePublishRun(runId: number | null) {
  return useQuery({
    queryKey: seoKeys.publishRun(runId ?? 0),
    queryFn: ({ signal }) => getPublishRun(runId!, signal),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data && isPublishRunOver(query.state.data) ? false : FOLLOW_INTERVAL_MS),
  });
}

/** The project's latest runs, read once: a wizard opened while a run is going picks it up. */
export function usePublishRuns(projectId: number | null) {
  return useQuery({
    queryKey: seoKeys.publishRuns(projectId ?? 0),
    queryFn: ({ signal }) => getPublishRuns(projectId!, signal),
    enabled: projectId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
