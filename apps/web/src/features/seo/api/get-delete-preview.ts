import { type DeletePreview, deletePreviewSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Read when the delete dialog opens (not cached: the counts must be current). */
export function getDeletePreview(id: number): Promise<DeletePreview> {
  return api.get(`/api/seo-suite/delete-preview/${id}`, { schema: deletePreviewSchema });
}
