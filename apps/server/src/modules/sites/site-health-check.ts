import type { ConnectionCheck } from '@abp/contracts';
import {
  CheckRecorder,
  REQUIRED_CAPABILITIES,
  type WordPressClient,
  type WpUser,
} from '../../integrations/wordpress/index.js';

export interface HealthCheckOutcome {
  /** 0–1, two decimals. */
  success_rate: number;
  checks: Record<string, ConnectionCheck>;
  recommendations: string[];
  restRoot: string | null;
}

/**
 * The light check behind GET /api/sites/{id}/health: REST discovery, an authenticated users/me
 * and the publishing capabilities. Unlike the enhanced connection test it writes nothing to
 * WordPress, so it is safe to run every few minutes on every site.
 */
export async function runHealthCheck(client: WordPressClient): Promise<HealthCheckOutcome> {
  const recorder = new CheckRecorder({ username: client.username });
  const finish = (): HealthCheckOutcome => ({
    success_rate: recorder.successRate,
    checks: recorder.tests,
    recommendations: recorder.recommendations,
    restRoot: client.restRoot,
  });

  const discovered = await recorder.run('rest_api_discovery', async (details) => {
    const found = await client.discover();
    Object.assign(details, { rest_root: found.restRoot, method: found.method });
    return { success: true };
  });
  if (!discovered) {
    recorder.skip('authentication', 'the REST API was not found');
    recorder.skip('user_capabilities', 'the REST API was not found');
    return finish();
  }

  const seen: { user: WpUser | null } = { user: null };
  const authenticated = await recorder.run('authentication', async (details) => {
    seen.user = await client.getCurrentUser();
    Object.assign(details, { user_id: seen.user.id, roles: seen.user.roles });
    return { success: true };
  });
  const user = seen.user;
  if (!authenticated || !user) {
    recorder.skip('user_capabilities', 'authentication failed');
    return finish();
  }

  await recorder.run('user_capabilities', async (details) => {
    const missing = REQUIRED_CAPABILITIES.filter((cap) => user.capabilities[cap] !== true);
    details.capabilities = Object.fromEntries(
      REQUIRED_CAPABILITIES.map((cap) => [cap, user.capabilities[cap] === true]),
    );
    if (missing.length === 0) return { success: true };
    recorder.recommend(
      `The WordPress user "${client.username}" lacks ${missing.join(', ')}. Give it the Editor or Administrator role.`,
    );
    return { success: false, error: `Missing capabilities: ${missing.join(', ')}` };
  });
  return finish();
}
