import { type GenerationLog, generationLogSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleKeys } from './query-keys';

export function getGenerationLog(articleId: number, signal?: AbortSignal): Promise<GenerationLog> {
  return api.get(`/api/generation-logs/${articleId}`, { signal, schema: generationLogSchema });
}

export function useGenerationLog(articleId: number | null) {
  return useQuery({
    queryKey: articleKeys.generationLog(articleId ?? 0),
    queryFn: ({ signal }) => getGenerationLog(articleId ?? 0, signal),
    enabled: articleId !== null,
  });
}
