import { type Article, articleSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** The waiting article's stored title and body (what the preview shows). */
export function getArticle(id: number, signal?: AbortSignal): Promise<Article> {
  return api.get(`/api/articles/${id}`, { signal, schema: articleSchema });
}
