import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  queue: z.object({ ok: z.boolean(), role: z.enum(['all', 'web', 'worker']) }),
  /** How long callbacks waited for this process' event loop over the last 5–10 s: a stall shows here. */
  eventLoop: z.object({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number(), windowSeconds: z.number() }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
