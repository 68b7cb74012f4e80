import { type SeoKeyword, type SeoKeywordUpdateInput, seoKeywordSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Only the changed fields are sent. */
export function updateKeyword(id: number, changes: SeoKeywordUpdateInput): Promise<SeoKeyword> {
  return api.put(`/api/seo/keywords/${id}`, changes, { schema: seoKeywordSchema });
}
