import type { PublishPolicyMode } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { blogConfigs, sites } from '../../db/schema/index.js';

/** A publishing policy as the pipeline applies it (issue #33): how a finished article goes out. */
export interface EditorialPolicy {
  mode: PublishPolicyMode;
  /** The delay of 'delay' (hours); null otherwise. */
  delayHours: number | null;
}

/** The site's side of the policy: its blog configuration's policy, else its own default, and its draft switch. */
export interface SiteEditorialPolicy extends EditorialPolicy {
  sendHeldAsDraft: boolean;
}

/** Reads a site's policy for the pipeline (the site's and its configuration's rows; nothing is written). */
export class EditorialPolicyReader {
  constructor(private readonly db: Database) {}

  async forSite(siteId: number): Promise<SiteEditorialPolicy> {
    const [row] = await this.db
      .select({
        siteMode: sites.publishPolicy,
        siteHours: sites.publishDelayHours,
        sendHeldAsDraft: sites.sendHeldAsDraft,
        configMode: blogConfigs.publishPolicy,
        configHours: blogConfigs.publishDelayHours,
      })
      .from(sites)
      .leftJoin(blogConfigs, eq(blogConfigs.siteId, sites.id))
      .where(eq(sites.id, siteId))
      .limit(1);
    // A site gone meanwhile: publishing refuses it anyway, so 'auto' only lets that refusal through.
    if (!row) return { mode: 'auto', delayHours: null, sendHeldAsDraft: false };
    const config = row.configMode ? { mode: row.configMode, delayHours: row.configHours } : null;
    return {
      ...(config ?? { mode: row.siteMode, delayHours: row.siteHours }),
      sendHeldAsDraft: row.sendHeldAsDraft,
    };
  }
}
