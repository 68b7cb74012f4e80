import { seoKeywordDeletedSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

export function deleteKeyword(id: number): Promise<{ success: true; id: number }> {
  return api.delete(`/api/seo/keywords/${id}`, { schema: seoKeywordDeletedSchema });
}
