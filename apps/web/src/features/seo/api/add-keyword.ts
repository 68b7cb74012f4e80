import { type SeoKeyword, type SeoKeywordCreateInput, seoKeywordSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

export function addKeyword(projectId: number, body: SeoKeywordCreateInput): Promise<SeoKeyword> {
  return api.post(`/api/seo/projects/${projectId}/keywords`, body, { schema: seoKeywordSchema });
}
