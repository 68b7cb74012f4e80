import { type TrendRunDetail, trendRunDetailSchema } from '@abp/contracts';
import { api } from '../../../lib/api-client';

/** Cancel a running check: the articles it has not written yet are not written. */
export function cancelTrendRun(id: string): Promise<TrendRunDetail> {
  return api.post(`/api/trends/runs/${encodeURIComponent(id)}/cancel`, undefined, { schema: trendRunDetailSchema });
}
