import { type ReviewApproveRequest, type ReviewDecisionResult, reviewDecisionResultSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Publishes (or schedules at schedule_at) each article and applies each link; a result per item. */
export function approveItems(body: ReviewApproveRequest): Promise<ReviewDecisionResult> {
  return api.post('/api/review/approve', body, { schema: reviewDecisionResultSchema });
}
