import {
  type BacklinkProposal,
  type BacklinkProposalList,
  backlinkProposalListSchema,
  backlinkProposalSchema,
} from '@abp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleKeys } from './query-keys';

export type BacklinkAction = 'apply' | 'undo' | 'dismiss';

export function getBacklinks(articleId: number, signal?: AbortSignal): Promise<BacklinkProposalList> {
  return api.get(`/api/articles/${articleId}/backlinks`, { signal, schema: backlinkProposalListSchema });
}

/** The links proposed from the site's older posts to this article, and what became of them. */
export function useBacklinks(articleId: number) {
  return useQuery({
    queryKey: articleKeys.backlinks(articleId),
    queryFn: ({ signal }) => getBacklinks(articleId, signal),
  });
}

/** Searches the site's older posts for new places to link to the article. */
export function useProposeBacklinks(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`/api/articles/${articleId}/backlinks`, undefined, { schema: backlinkProposalListSchema }),
    onSuccess: (list) => queryClient.setQueryData(articleKeys.backlinks(articleId), list),
  });
}

/** Adds the link on WordPress, undoes it, or dismisses the proposal. */
export function useBacklinkAction(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: BacklinkAction }): Promise<BacklinkProposal> =>
      api.post(`/api/backlinks/${id}/${action}`, undefined, { schema: backlinkProposalSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: articleKeys.backlinks(articleId) }),
  });
}
