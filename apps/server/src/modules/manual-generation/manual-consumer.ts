import type { ProductionConsumer } from '../article-pipeline/production-runner.js';

/** The origin of manual units (`manual:<n>`, numbered by production_request_seq). */
export const MANUAL_ORIGIN = 'manual';

/**
 * A manual article is a unit of the pipeline run in the request: the operator is waiting for the
 * answer, so a failure is reported at once, never tried again behind their back. Nothing else to
 * record: the request reads the outcome.
 */
export const manualConsumer: ProductionConsumer = { triesAgain: false, finished: async () => undefined };
