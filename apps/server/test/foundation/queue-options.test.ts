import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { JOBS } from '../../src/jobs/catalogue.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { openTestDatabase } from '../test-database.js';

const noop = { error: () => undefined };
// A catalogue job on a fresh database, in web processes (no workers): only its queue options matter here.
const definition = (queue: { retryLimit: number; heartbeatSeconds?: number }) => ({
  job: 'queueProbe' as const,
  queue,
  handler: async () => undefined,
});
const QUEUE = JOBS.queueProbe.name;

describe('queue options', () => {
  const queues: JobQueue[] = [];
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const queue of queues.reverse()) await queue.stop(1_000);
    // The worker process runs other files next (vitest.config.ts: isolate false): nothing stays open.
    for (const handle of handles) await handle.close();
  });

  it('options changed in a newer version reach a queue an older version created', async () => {
    const handle = await openTestDatabase();
    handles.push(handle);
    const older = JobQueue.create(handle, 'web', noop);
    queues.push(older);
    older.define(definition({ retryLimit: 1 }));
    await older.start();
    expect(await older.boss.getQueue(QUEUE)).toMatchObject({ retryLimit: 1 });

    const newer = JobQueue.create(handle, 'web', noop);
    queues.push(newer);
    newer.define(definition({ retryLimit: 4, heartbeatSeconds: 30 }));
    await newer.start();
    expect(await newer.boss.getQueue(QUEUE)).toMatchObject({ retryLimit: 4, heartbeatSeconds: 30 });
  });
});
