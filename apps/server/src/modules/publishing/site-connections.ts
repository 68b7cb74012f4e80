import type { WordPressClient } from '../../integrations/wordpress/index.js';

/**
 * What publishing needs from the Sites module. SitesService implements it; it throws 404 when the
 * site is gone and 409 when it is inactive or being deleted. Tests swap the WordPress client
 * through SitesService.clientFactory.
 */
export interface SiteConnections {
  requireActiveSite(siteId: number): Promise<{ id: number; name: string; url: string }>;
  getClientForSite(siteId: number): Promise<WordPressClient>;
}
