import type { SeoFields, WordPressClient } from '../../integrations/wordpress/index.js';

const SEO_FIELDS_TTL_MS = 60 * 60_000;

/**
 * Which SEO plugin fields each site accepts over REST, kept in the process: asked once an hour per
 * site, and renewed by each enhanced connection test (issue #31). With `--role=web` and workers
 * apart, a worker's publishes learn a change within the hour.
 */
export class SeoFieldsCache {
  private readonly bySite = new Map<number, { at: number; fields: SeoFields | null }>();

  constructor(private readonly now: () => Date) {}

  /** What a connection test just found (null: nothing to go by, or the site changed: ask again). */
  remember(siteId: number, fields: SeoFields | null): void {
    if (fields) this.bySite.set(siteId, { at: this.now().getTime(), fields });
    else this.bySite.delete(siteId);
  }

  /** An unanswered question counts as none: the excerpt carries the meta description, as on a site without one. */
  async of(siteId: number, client: WordPressClient): Promise<SeoFields | null> {
    const cached = this.bySite.get(siteId);
    if (cached && this.now().getTime() - cached.at < SEO_FIELDS_TTL_MS) return cached.fields;
    const fields = await client.seoFields().catch(() => null);
    this.bySite.set(siteId, { at: this.now().getTime(), fields });
    return fields;
  }
}
