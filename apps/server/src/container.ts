import type { AppConfig, Role } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import { type SecretBox } from './lib/secret-box.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { QueueProbeRepository } from './modules/diagnostics/queue-probe.repository.js';
import { QueueProbeService } from './modules/diagnostics/queue-probe.service.js';

/** What every module may depend on. Built once per process, shared by routes and job handlers. */
export interface AppContext {
  config: AppConfig;
  role: Role;
  handle: DatabaseHandle;
  queue: JobQueue;
  appSecret: string;
  secretBox: SecretBox;
}

export interface Services {
  auth: AuthService;
  queueProbes: QueueProbeService;
}

export function createServices(ctx: AppContext): Services {
  const { db } = ctx.handle;
  return {
    auth: new AuthService(new AuthRepository(db), new LoginThrottle()),
    queueProbes: new QueueProbeService(new QueueProbeRepository(db), ctx.queue),
  };
}

/** Job definitions go on the queue before it starts, in every role (web processes send, workers run). */
export function defineJobs(ctx: AppContext, services: Services): void {
  ctx.queue.define(services.queueProbes.jobDefinition());
}
