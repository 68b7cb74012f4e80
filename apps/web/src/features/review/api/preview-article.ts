import { type ArticlePreview, articlePreviewSchema } from '@abp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getArticle } from './get-article';
import { reviewKeys } from './query-keys';

export function previewArticle(id: number, title: string, content: string): Promise<ArticlePreview> {
  return api.post(`/api/articles/${id}/preview`, { title, content }, { schema: articlePreviewSchema });
}

/** The article as its site will show it: its stored title and body through the publishing sanitizer. */
export function useArticlePreview(articleId: number | null) {
  return useQuery({
    queryKey: reviewKeys.preview(articleId ?? 0),
    enabled: articleId !== null,
    queryFn: async ({ signal }) => {
      const article = await getArticle(articleId!, signal);
      return previewArticle(articleId!, article.title, article.content);
    },
  });
}
