import { APP_TITLE, APP_VERSION } from '@abp/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI description is generated from the same zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${APP_TITLE} API`,
        version: APP_VERSION,
        description:
          'Every call needs a session cookie except health, auth status, login and logout. State-changing calls need the X-Requested-With header. ' +
          'A POST may carry an Idempotency-Key header (8–200 visible ASCII characters): the request is done once per key; a repeat within 24 hours gets the first answer (Idempotent-Replayed: true), one sent while the first still runs gets 409 with Retry-After. ' +
          'SEO "publish-pages" and "publish-articles" answer 202 with a publish run; follow it at GET /api/seo/publish-runs/{runId}. ' +
          "POST /api/sites/{id}/inventory/sync answers 202 with the site's inventory summary; follow it at GET /api/sites/{id}/inventory (state queued → running → succeeded | failed). " +
          'GET /api/sites/{id}/inventory/links reports the internal links between the published posts read at the last sync (at most 5,000, newest first; `capped` says when there are more) and the orphan posts nothing links to. ' +
          'The MCP server for AI assistants is not part of this API: it listens on its own port (MCP_PORT) on 127.0.0.1 at /mcp (Streamable HTTP, JSON-RPC), with a token made at POST /api/settings/mcp-tokens sent as Authorization: Bearer <token>. ' +
          'GET /api/calendar?from&to[&site_id] (at most 62 days) lists per day and site the published, scheduled, projected, held and delayed items with each day’s cap; POST /api/calendar/articles/{id}/reschedule moves a scheduled article (its WordPress post too) or a delayed release to another day, keeping the time of day. ' +
          'GET /api/refresh lists the posts of all sites (or site_id) by refresh score, highest first, each with its reasons (filter: reason); POST /api/refresh/recompute scores a site again now and queues its link check; GET /api/refresh/summary counts per site.' +
          ' Refresh proposals (issue #36 §2–3): POST /api/refresh/proposals {site_id, wp_id} proposes changes for one post (201; 409 while its cooldown runs, when one already waits, or when nothing needs changing); GET /api/refresh/proposals is the history (filters site_id, wp_id, state; newest first); POST …/{id}/apply {change_ids?} merges the changes into what WordPress has now (a change whose part was edited there since is dropped; all dropped or the post gone: state refused), …/{id}/dismiss declines, …/{id}/undo restores the post exactly unless it was edited since (409); GET/PUT /api/refresh/settings/{site_id} holds the weekly budget, the dead-link auto-apply and the cooldown. ' +
          "Publishing policy (issue #33): sites, blog configurations, bulk starts and manual requests take `publish_policy: {mode: auto|hold|delay, delay_hours}` (null on a configuration, a job or a request: the site's); a held or delayed article is not published and returns `review_reason` (held, delayed), `release_at`; a delayed one is published by the release job once due.",
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'abp_session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
