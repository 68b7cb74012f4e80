import type { WordPressConfig } from '../../src/integrations/wordpress/index.js';
import type { TestApp } from '../test-app.js';
import { FakeWordPress, type FakeWordPressOptions } from '../wordpress/fake-wordpress.js';

export const SITE_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

export function siteBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Garden Blog',
    url: 'https://garden.example',
    username: 'editor',
    password: SITE_PASSWORD,
    is_active: true,
    content_persona: 'sarah',
    ...overrides,
  };
}

/**
 * Replaces the WordPress client of the sites service with in-memory fakes (one per site address,
 * kept across calls so a test can arm failures) and records every config the service built.
 */
export function fakeWordPressFor(t: TestApp, options: FakeWordPressOptions = {}) {
  const configs: WordPressConfig[] = [];
  const fakes = new Map<string, FakeWordPress>();
  t.services.sites.clientFactory = (config) => {
    configs.push(config);
    let fake = fakes.get(config.baseUrl);
    if (!fake) {
      fake = new FakeWordPress({ ...options, baseUrl: config.baseUrl, username: config.username });
      fakes.set(config.baseUrl, fake);
    }
    return fake;
  };
  const fakeAt = (url: string): FakeWordPress => {
    const fake = fakes.get(url);
    if (!fake) throw new Error(`no fake WordPress was used for ${url}`);
    return fake;
  };
  return { configs, fakes, fakeAt };
}

export async function createSite(t: TestApp, cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await t.request({ method: 'POST', url: '/api/sites', payload: siteBody(overrides), cookie });
  if (res.statusCode !== 201) throw new Error(`create site failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; url: string; rest_root: string | null; warning: string | null };
}
