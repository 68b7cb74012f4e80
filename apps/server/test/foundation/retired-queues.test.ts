import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { JOBS, RETIRED_QUEUES } from '../../src/jobs/catalogue.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { openTestDatabase } from '../test-database.js';

// The probe job stands for every job of the current version: its queue and entries must stay.
const probe = { job: 'queueProbe' as const, handler: async () => undefined };

describe('queues of jobs an older version had', () => {
  const queues: JobQueue[] = [];
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const queue of queues.reverse()) await queue.stop(1_000);
    // The worker process runs other files next (vitest.config.ts: isolate false): nothing stays open.
    for (const handle of handles) await handle.close();
  });

  it('are deleted with their entries when worker processes start; the current jobs keep theirs', async () => {
    const handle = await openTestDatabase();
    handles.push(handle);
    const errors: string[] = [];
    const logger = {
      error: (obj: unknown, msg: string) => errors.push(`${msg}: ${String((obj as { err?: unknown }).err)}`),
    };
    const start = async (role: 'web' | 'worker') => {
      const queue = JobQueue.create(handle, role, logger);
      queues.push(queue);
      queue.define(probe);
      await queue.start();
      return queue;
    };

    // The older version's queues: entries waiting, and one whose worker died while running it.
    const older = await start('web');
    for (const name of RETIRED_QUEUES) {
      await older.boss.createQueue(name);
      await older.boss.send(name, { itemId: 1 });
      await older.boss.send(name, { itemId: 2 });
    }
    expect(await older.boss.fetch(RETIRED_QUEUES[0]!)).toHaveLength(1);
    const kept = await older.send('queueProbe', { probeId: 'kept' }, { startAfter: 3_600 });

    // A web process only sends: it leaves them.
    const web = await start('web');
    for (const name of RETIRED_QUEUES) expect(await web.boss.getQueue(name)).not.toBeNull();

    // Two worker processes: on PostgreSQL they start together and race for the same queues; the
    // embedded database has one process at a time (two pg-boss instances on its one connection
    // would interleave their transactions), so there the second starts after the first.
    const [worker] =
      handle.driver === 'postgres'
        ? await Promise.all([start('worker'), start('worker')])
        : [await start('worker'), await start('worker')];
    for (const name of RETIRED_QUEUES) expect(await worker!.boss.getQueue(name), name).toBeNull();
    const left = await worker!.boss
      .getDb()
      .executeSql('select name, state from pgboss.job where name = any($1::text[])', [[...RETIRED_QUEUES]]);
    expect(left.rows).toEqual([]);
    expect(errors).toEqual([]);
    expect(await worker!.entry('queueProbe', kept)).toMatchObject({ state: 'created' });
    // No current job may take one of the names back.
    for (const name of RETIRED_QUEUES) expect(Object.values(JOBS).map((job) => job.name)).not.toContain(name);
  });
});
