import { type ReviewDecisionResult, type ReviewRejectRequest, reviewDecisionResultSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Each article back to draft with the reason; each link dismissed; a result per item. */
export function rejectItems(body: ReviewRejectRequest): Promise<ReviewDecisionResult> {
  return api.post('/api/review/reject', body, { schema: reviewDecisionResultSchema });
}
