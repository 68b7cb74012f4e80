import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, type JobKey } from '../../src/jobs/catalogue.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('the job catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('has a queue for every job, and every queue of the app is a catalogue job', async () => {
    // pg-boss keeps queues of its own (__pgboss__…); every other queue is one of ours.
    const queues = (await t.ctx.queue.boss.getQueues())
      .map((queue) => queue.name)
      .filter((name) => !name.startsWith('__pgboss__'))
      .sort();
    expect(queues).toEqual(
      Object.values(JOBS)
        .map((job) => job.name)
        .sort(),
    );
  });

  it('refuses a payload that breaks its schema before anything reaches the queue', async () => {
    const before = await t.ctx.queue.states('liveCheck');
    await expect(t.ctx.queue.send('liveCheck', { articleId: -1 })).rejects.toThrow();
    // A wrong shape, as a caller that escaped the types would send it.
    await expect(t.ctx.queue.send('liveCheck' as JobKey, { slotId: 3 } as never)).rejects.toThrow();
    expect(await t.ctx.queue.states('liveCheck')).toEqual(before);
  });

  it('writes entries in the caller’s transaction: a rolled-back transaction leaves none', async () => {
    await t.ctx.queue.prepareForTx('liveCheck');
    const before = (await t.ctx.queue.states('liveCheck')).length;
    await expect(
      t.ctx.handle.db.transaction(async (tx) => {
        await t.ctx.queue.sendInTx(tx, 'liveCheck', [
          { data: { articleId: 999_999 }, startAfter: new Date(Date.now() + 3_600_000) },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await t.ctx.queue.states('liveCheck')).length).toBe(before);

    const [id] = await t.ctx.handle.db.transaction((tx) =>
      t.ctx.queue.sendInTx(tx, 'liveCheck', [
        { data: { articleId: 999_998 }, startAfter: new Date(Date.now() + 3_600_000) },
      ]),
    );
    expect((await t.ctx.queue.states('liveCheck')).length).toBe(before + 1);
    await t.ctx.handle.db.transaction((tx) => t.ctx.queue.deleteInTx(tx, 'liveCheck', [id!]));
    expect((await t.ctx.queue.states('liveCheck')).length).toBe(before);
  });
});
