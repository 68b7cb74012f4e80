import { type DeleteProjectsRequest, type DeleteProjectsResponse, deleteProjectsResponseSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

export function deleteProjects(body: DeleteProjectsRequest): Promise<DeleteProjectsResponse> {
  return api.post('/api/seo-suite/delete-projects', body, {
    schema: deleteProjectsResponseSchema,
    timeoutMs: 10 * 60_000,
  });
}
