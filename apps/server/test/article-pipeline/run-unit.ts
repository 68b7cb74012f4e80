import type { ProductionRunEnd } from '../../src/modules/article-pipeline/production-runner.js';
import type { TestApp } from '../test-app.js';

/**
 * Runs a unit of the article pipeline as its queue entry would (a web-only test app queues but
 * never runs entries), so each step of a retry or a duplicate can be checked.
 */
export async function runUnitAsItsEntry(t: TestApp, originKey: string): Promise<ProductionRunEnd> {
  const unit = await t.services.pipeline.units.find(originKey);
  return t.services.pipeline.runner.run(originKey, { queueJobId: unit?.queueJobId ?? 'no-entry' });
}
