import { type DeleteProjectRequest, type DeleteProjectResponse, deleteProjectResponseSchema } from '@abp/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Without a token the server answers confirmation_required; with it, the project is deleted. */
export function deleteProject(id: number, body: DeleteProjectRequest): Promise<DeleteProjectResponse> {
  return apiRequest(`/api/seo-suite/projects/${id}`, {
    method: 'DELETE',
    body,
    schema: deleteProjectResponseSchema,
    timeoutMs: 10 * 60_000,
  });
}
