import { randomUUID } from 'node:crypto';
import type { QueueProbe } from '@abp/contracts';
import { notFound } from '../../errors.js';
import type { JobDefinition, JobQueue } from '../../jobs/queue.js';
import type { QueueProbeRepository } from './queue-probe.repository.js';

type ProbeRow = NonNullable<Awaited<ReturnType<QueueProbeRepository['find']>>>;

const toDto = (row: ProbeRow): QueueProbe => ({
  id: row.id,
  message: row.message,
  status: row.status,
  result: row.result,
  workerPid: row.workerPid,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
});

/** Proves the whole background path works: a row, a queued job, a worker that completes it. */
export class QueueProbeService {
  constructor(
    private readonly repo: QueueProbeRepository,
    private readonly queue: JobQueue,
  ) {}

  async create(message: string): Promise<QueueProbe> {
    const row = await this.repo.insert(randomUUID(), message);
    await this.queue.send('queueProbe', { probeId: row.id });
    return toDto(row);
  }

  async get(id: string): Promise<QueueProbe> {
    const row = await this.repo.find(id);
    if (!row) throw notFound('Queue probe not found');
    return toDto(row);
  }

  jobDefinition(): JobDefinition<'queueProbe'> {
    return {
      job: 'queueProbe',
      queue: { retryLimit: 2, retryDelay: 1 },
      handler: async ({ probeId }) => {
        const row = await this.repo.find(probeId);
        if (!row) return; // deleted meanwhile: nothing to do
        await this.repo.complete(probeId, `echo: ${row.message}`, process.pid);
      },
    };
  }
}
