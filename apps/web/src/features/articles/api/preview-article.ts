import { type ArticlePreview, articlePreviewSchema } from '@abp/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The editor's unsaved title and body, sanitised by the server as publishing would send them. */
export function previewArticle({
  id,
  title,
  content,
}: {
  id: number;
  title: string;
  content: string;
}): Promise<ArticlePreview> {
  return api.post(`/api/articles/${id}/preview`, { title, content }, { schema: articlePreviewSchema });
}

export function usePreviewArticle() {
  return useMutation({ mutationFn: previewArticle });
}
