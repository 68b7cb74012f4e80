import { z } from 'zod';

/** A queue probe is a tiny job that proves the web → queue → worker → database path. */
export const queueProbeRequestSchema = z.object({ message: z.string().trim().min(1).max(200) });
export const queueProbeSchema = z.object({
  id: z.string(),
  message: z.string(),
  status: z.enum(['queued', 'completed']),
  result: z.string().nullable(),
  workerPid: z.number().int().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type QueueProbe = z.infer<typeof queueProbeSchema>;
export const idParamSchema = z.object({ id: z.string().min(1).max(100) });
