import { useState } from 'react';
import { SEO_MESSAGES, type PublishArticlesRequest, type PublishPagesRequest, type PublishResponse } from '@abp/contracts';
import { publishArticles } from '../api/publish-articles';
import { publishPages } from '../api/publish-pages';
import { errorText } from '../lib/errors';

type Notify = (message: string, variant: 'success' | 'error' | 'warning' | 'info') => void;

/** Publishing pages and articles with the spec's messages (§8 Publish). */
export function usePublish(projectId: number | null, notify: Notify, refresh: () => Promise<void>) {
  const [busy, setBusy] = useState<'pages' | 'articles' | null>(null);

  const run = async (kind: 'pages' | 'articles', call: (id: number) => Promise<PublishResponse>) => {
    if (projectId === null) {
      notify(SEO_MESSAGES.selectProject, 'warning');
      return;
    }
    setBusy(kind);
    try {
      const result = await call(projectId);
      const noun = kind === 'pages' ? 'page(s)' : 'article(s)';
      const drafts = result.drafts > 0 ? ` ${result.drafts} saved as draft.` : '';
      notify(`Published ${result.published} ${noun}, ${result.failed} failed.${drafts}`, result.failed > 0 ? 'warning' : 'success');
      for (const warning of result.warnings) notify(warning, 'warning');
    } catch (error) {
      notify(`Publish error: ${errorText(error, 'Publish failed')}`, 'error');
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  return {
    busy,
    publishPages: (body: PublishPagesRequest) => run('pages', (id) => publishPages(id, body)),
    publishArticles: (body: PublishArticlesRequest) => run('articles', (id) => publishArticles(id, body)),
  };
}
