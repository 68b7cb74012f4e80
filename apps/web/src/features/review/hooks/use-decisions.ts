import type { ReviewDecisionResult, ReviewItemRef } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { approveItems } from '../api/approve-items';
import { holdItems } from '../api/hold-items';
import { reviewKeys } from '../api/query-keys';
import { rejectItems } from '../api/reject-items';

export type Decision =
  | { action: 'approve'; items: ReviewItemRef[]; scheduleAt?: string }
  | { action: 'reject'; items: ReviewItemRef[]; reason: string }
  | { action: 'hold'; items: ReviewItemRef[] };

const DONE_WORDS = { approve: 'approved', reject: 'rejected', hold: 'held' } as const;

function send(decision: Decision): Promise<ReviewDecisionResult> {
  switch (decision.action) {
    case 'approve':
      return approveItems({
        items: decision.items,
        ...(decision.scheduleAt ? { schedule_at: decision.scheduleAt } : {}),
      });
    case 'reject':
      return rejectItems({ items: decision.items, reason: decision.reason });
    case 'hold':
      return holdItems({ items: decision.items });
  }
}

/** "2 approved", "1 approved, 1 not: <why>": every item's outcome is said, none hidden by another. */
export function decisionSummary(action: Decision['action'], result: ReviewDecisionResult): string {
  const done = result.done > 0 ? `${result.done} ${DONE_WORDS[action]}` : '';
  const failed = result.results.filter((r) => !r.ok);
  const why = failed.map((r) => r.message).join(' · ');
  const notDone = failed.length > 0 ? `${failed.length} not ${DONE_WORDS[action]}: ${why}` : '';
  return [done, notDone].filter(Boolean).join('; ');
}

/** A decision on one or many items; afterwards the inbox, its count, the articles, the Dashboard and Refresh refresh. */
export function useDecisions(onDone?: (decision: Decision, result: ReviewDecisionResult) => void) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: send,
    onSuccess: (result, decision) => {
      enqueueSnackbar(decisionSummary(decision.action, result), {
        variant: result.failed === 0 ? 'success' : result.done === 0 ? 'error' : 'warning',
      });
      onDone?.(decision, result);
    },
    onError: (error) => enqueueSnackbar(`The decision was not sent: ${error.message}`, { variant: 'error' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['articles'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        // A refresh proposal applied or dismissed here is one the Refresh view lists too.
        queryClient.invalidateQueries({ queryKey: ['refresh'] }),
      ]),
  });
}
