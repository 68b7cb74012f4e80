import { type JobUsage, jobUsageSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Articles are written in the background: the spend per step follows within a quarter of a minute.
const USAGE_REFRESH_MS = 15_000;

/** What the project's model calls cost per wizard step (issue #16). */
export function useProjectUsage(projectId: number | null) {
  return useQuery({
    queryKey: ['usage', 'seo-project', projectId ?? 0],
    queryFn: ({ signal }): Promise<JobUsage> =>
      api.get(`/api/usage/seo-projects/${projectId}`, { signal, schema: jobUsageSchema }),
    enabled: projectId !== null,
    refetchInterval: USAGE_REFRESH_MS,
  });
}
