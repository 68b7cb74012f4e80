import { type ReviewDecisionResult, type ReviewHoldRequest, reviewDecisionResultSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Each delayed article stops its countdown; a result per item. */
export function holdItems(body: ReviewHoldRequest): Promise<ReviewDecisionResult> {
  return api.post('/api/review/hold', body, { schema: reviewDecisionResultSchema });
}
