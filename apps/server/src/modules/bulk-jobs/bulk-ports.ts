/*
 * What a bulk job needs from the other modules, written as the narrow interfaces it calls. The
 * container passes the real services (sites, the article pipeline's runner).
 */

export interface BulkSites {
  requireActiveSite(siteId: number): Promise<{ id: number; name: string }>;
}

/** This process' runs of the job's items (units of the article pipeline): Cancel and Clear Stuck stop them at once. */
export interface BulkRunningUnits {
  stopJob(jobId: string): void;
}
