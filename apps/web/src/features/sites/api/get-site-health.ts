import { api } from '../../../lib/api-client';

/**
 * Read as unknown on purpose: the screen takes the first health number it finds (spec §3 Site
 * health), so it keeps working with any of the shapes the spec allows.
 */
export function getSiteHealth(id: number, signal?: AbortSignal): Promise<unknown> {
  return api.get(`/api/sites/${id}/health`, { signal });
}
