import { blogConfigSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

/** Only what this screen reads (spec: site_id, content_persona, topics). */
const configHintSchema = blogConfigSchema.pick({ site_id: true, content_persona: true, topics: true });
export type BlogConfigHint = ReturnType<typeof configHintSchema.parse>;

// Its own key: the Blog Configuration screen caches the full records under its key.
export const blogConfigHintsQueryKey = ['manual', 'blog-config-hints'] as const;

/** A server without blog configurations (404) simply offers no hints. */
export async function getBlogConfigHints(signal?: AbortSignal): Promise<BlogConfigHint[]> {
  try {
    return await api.get('/api/config', { signal, schema: configHintSchema.array() });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function useBlogConfigHints() {
  return useQuery(
    queryOptions({ queryKey: blogConfigHintsQueryKey, queryFn: ({ signal }) => getBlogConfigHints(signal) }),
  );
}
