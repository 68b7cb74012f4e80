import { connectionCheckSchema, healthRating, SITE_HEALTH_LIMITS, type SiteHealth } from '@abp/contracts';
import { z } from 'zod';
import { runHealthCheck } from './site-health-check.js';
import type { SiteRow, SitesRepository } from './sites.repository.js';
import type { SitesService } from './sites.service.js';

/** What sites.health_details holds: the checks behind health_score. */
const storedDetailsSchema = z.object({
  success_rate: z.number().min(0).max(1),
  checks: z.record(z.string(), connectionCheckSchema),
  recommendations: z.array(z.string()),
});
type StoredDetails = z.infer<typeof storedDetailsSchema>;

// A health check should answer quickly and never pile up retries behind a slow site.
const HEALTH_CLIENT = { timeoutMs: 15_000, retry: { maxAttempts: 1 } } as const;

/**
 * Site health: a live light check at most once per SITE_HEALTH_LIMITS.freshSeconds per site
 * (inside that window the stored result is answered), and concurrent asks for the same site share
 * one check. Request-rate limits (429) are applied by the route.
 */
export class SiteHealthService {
  readonly #running = new Map<number, Promise<SiteHealth>>();

  constructor(
    private readonly repo: SitesRepository,
    private readonly sites: SitesService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async check(siteId: number): Promise<SiteHealth> {
    const site = await this.sites.findOrThrow(siteId);
    this.sites.assertNotDeleting(site);
    const cached = this.fresh(site);
    if (cached) return cached;
    let running = this.#running.get(siteId);
    if (!running) {
      running = this.live(site).finally(() => this.#running.delete(siteId));
      this.#running.set(siteId, running);
    }
    return running;
  }

  private fresh(site: SiteRow): SiteHealth | null {
    if (!site.healthCheckedAt || site.healthScore === null) return null;
    const ageMs = this.now().getTime() - site.healthCheckedAt.getTime();
    if (ageMs < 0 || ageMs >= SITE_HEALTH_LIMITS.freshSeconds * 1000) return null;
    const details = storedDetailsSchema.safeParse(site.healthDetails);
    return details.success ? toHealth(site.id, details.data, site.healthCheckedAt, true) : null;
  }

  private async live(site: SiteRow): Promise<SiteHealth> {
    const client = this.sites.clientFactory(this.sites.clientConfig(site, HEALTH_CLIENT));
    const outcome = await runHealthCheck(client);
    const checkedAt = this.now();
    const details: StoredDetails = {
      success_rate: outcome.success_rate,
      checks: outcome.checks,
      recommendations: outcome.recommendations,
    };
    await this.repo.saveHealth(site.id, { score: Math.round(outcome.success_rate * 100), checkedAt, details });
    if (outcome.restRoot && outcome.restRoot !== site.restRoot) await this.repo.setRestRoot(site.id, outcome.restRoot);
    return toHealth(site.id, details, checkedAt, false);
  }
}

function toHealth(siteId: number, details: StoredDetails, checkedAt: Date, cached: boolean): SiteHealth {
  return {
    site_id: siteId,
    success_rate: details.success_rate,
    health: {
      score: Math.round(details.success_rate * 100),
      rating: healthRating(details.success_rate),
      checks: details.checks,
      recommendations: details.recommendations,
    },
    checked_at: checkedAt.toISOString(),
    cached,
  };
}
