import { createHash } from 'node:crypto';
import { ERROR_CODES, errorBodySchema, IDEMPOTENCY_KEY_HEADER } from '@abp/contracts';
import type { FastifyInstance } from 'fastify';
import { sessionIdOf } from '../modules/auth/session.js';
import type { IdempotencyRepository, KeyRef } from '../modules/idempotency/idempotency.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's Idempotency-Key this request holds (its answer is stored as it is sent). */
    idempotencyKey?: KeyRef;
  }
}

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
const PURGE_EVERY = 100;

/** Routes without a session, and the auth routes, never replay an answer. */
const replays = (url: string | undefined, isPublic: boolean | undefined) =>
  isPublic !== true && !url?.startsWith('/api/auth/');

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Create-type requests (POST) sent with an Idempotency-Key are done once per key: the web app
 * makes one key per form submission, so two clicks 200 ms apart, or a request retried after a
 * lost answer, create one article, one site, one job. The first request's answer is stored (unless
 * it was a server failure, which may be retried) and given to a later request with the key; one
 * that arrives while the first is still running gets a 409 that says so.
 *
 * A key belongs to the session that sent it (issue #31): answers are stored under a digest of the
 * session id, and replayed only for the same session, route, URL and body — the same key with
 * another request or body is a 422. Routes without a session (login, logout, health) and the
 * auth routes never replay: a stored answer there would answer a request it was not made for
 * (a wrong password with the key of an earlier login got that login's 200).
 *
 * Runs after authentication and validation (preHandler): refused requests store nothing.
 */
export function registerIdempotency(app: FastifyInstance, repo: IdempotencyRepository): void {
  let claims = 0;
  // The API description lists the answers a key can get: 409 while the first runs, 422 reused.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const response = route.schema?.response;
    if (
      !methods.includes('POST') ||
      !replays(route.url, route.config?.public) ||
      !response ||
      typeof response !== 'object'
    )
      return;
    route.schema = { ...route.schema, response: { 409: errorBodySchema, 422: errorBodySchema, ...response } };
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !replays(request.routeOptions.url, request.routeOptions.config.public)) return;
    const raw = request.headers[HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY_PATTERN.test(key)) {
      return reply.status(400).send({
        error: `${IDEMPOTENCY_KEY_HEADER}: must be 8 to 200 visible ASCII characters`,
        code: ERROR_CODES.validation,
        details: [{ field: `headers.${HEADER}`, message: 'must be 8 to 200 visible ASCII characters' }],
      });
    }
    const sid = sessionIdOf(request);
    if (!sid) return;
    const ref = { owner: digest(`idempotency-owner\0${sid}`), key };
    const identity = `${request.method} ${request.routeOptions.url ?? request.url} ${request.url}`;
    const bodyDigest = digest(JSON.stringify(request.body ?? null));
    if (++claims % PURGE_EVERY === 0) await repo.purgeExpired();
    const claim = await repo.claim(ref, identity, bodyDigest);
    if (claim.claimed) {
      request.idempotencyKey = ref;
      return;
    }
    const { row } = claim;
    if (row.request !== identity || row.bodyDigest !== bodyDigest) {
      const message =
        row.request !== identity ? 'was already used for another request' : 'was already used with a different body';
      return reply.status(422).send({
        error: `${IDEMPOTENCY_KEY_HEADER} ${message}: send a new key for a new request`,
        code: ERROR_CODES.idempotencyKeyReused,
        details: [{ field: `headers.${HEADER}`, message }],
      });
    }
    if (row.state === 'pending' || row.status === null) {
      return reply
        .status(409)
        .header('retry-after', '2')
        .send({ error: 'This request is already being processed: wait for its answer', code: ERROR_CODES.conflict });
    }
    void reply.status(row.status).header('idempotent-replayed', 'true');
    if (row.contentType) void reply.type(row.contentType);
    return reply.send(row.body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key) return payload;
    request.idempotencyKey = undefined;
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await repo.release(key);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await repo.complete(key, {
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: payload.toString(),
    });
    return payload;
  });
}
