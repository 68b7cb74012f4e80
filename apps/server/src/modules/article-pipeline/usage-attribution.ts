import { MODEL_CALL_SOURCES } from '../../db/schema/index.js';
import type { UsageScope } from '../usage/usage-scope.js';
import type { ProductionRow } from './productions.repository.js';

/**
 * Who a unit's model calls are charged to: its site, and its job — a bulk job (context.jobId), a
 * trend run (context.runId), an SEO project (context.projectId), else the unit itself (a schedule
 * slot, a manual request).
 */
export function usageAttribution(unit: Pick<ProductionRow, 'origin' | 'originKey' | 'brief' | 'context'>): UsageScope {
  const context = unit.context ?? {};
  const ref = context.jobId ?? context.runId ?? context.projectId;
  const source = (MODEL_CALL_SOURCES as readonly string[]).includes(unit.origin)
    ? (unit.origin as UsageScope['source'])
    : 'other';
  return {
    source,
    siteId: typeof unit.brief.siteId === 'number' ? unit.brief.siteId : null,
    jobRef: typeof ref === 'string' || typeof ref === 'number' ? String(ref) : unit.originKey,
  };
}
