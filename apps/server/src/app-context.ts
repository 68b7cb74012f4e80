import type { AppConfig, Role } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { SecretBox } from './lib/secret-box.js';

/** What every module may depend on. Built once per process, shared by routes and job handlers. */
export interface AppContext {
  config: AppConfig;
  role: Role;
  handle: DatabaseHandle;
  queue: JobQueue;
  appSecret: string;
  secretBox: SecretBox;
}
