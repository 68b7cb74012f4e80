import type { JobDefinition } from '../../../jobs/queue.js';
import type { PublishRunRunner } from './publish-run.runner.js';

const RETRY_LIMIT = 3;

/** One publish run per entry; the run's row says what is left, so a retried entry never pushes an item twice. */
export function seoPublishJobDefinition(runner: PublishRunRunner): JobDefinition<'seoPublish'> {
  return {
    job: 'seoPublish',
    // Fifty pages against a slow site take minutes (expiry); a worker that died stops its heartbeat
    // and the run resumes within about a minute.
    queue: {
      retryLimit: RETRY_LIMIT,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 30 * 60,
      heartbeatSeconds: 30,
    },
    work: { localConcurrency: 1 },
    handler: ({ runId }, job) => runner.run(runId, { retryCount: job.retryCount, retryLimit: RETRY_LIMIT }),
  };
}
