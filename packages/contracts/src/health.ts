import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  queue: z.object({ ok: z.boolean(), role: z.enum(['all', 'web', 'worker']) }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
