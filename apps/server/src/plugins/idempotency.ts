import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, IDEMPOTENCY_KEY_HEADER } from '@abp/contracts';
import type { IdempotencyRepository } from '../modules/idempotency/idempotency.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds (its answer is stored as it is sent). */
    idempotencyKey?: string;
  }
}

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
const PURGE_EVERY = 100;

/**
 * Create-type requests (POST) sent with an Idempotency-Key are done once per key: the web app
 * makes one key per form submission, so two clicks 200 ms apart, or a request retried after a
 * lost answer, create one article, one site, one job. The first request's answer is stored (unless
 * it was a server failure, which may be retried) and given to every later request with the key;
 * one that arrives while the first is still running gets a 409 that says so.
 *
 * Runs after authentication and validation (preHandler): refused requests store nothing.
 */
export function registerIdempotency(app: FastifyInstance, repo: IdempotencyRepository): void {
  let claims = 0;
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
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
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const identity = `${route} ${request.url}`;
    if (++claims % PURGE_EVERY === 0) await repo.purgeExpired();
    const claim = await repo.claim(key, identity);
    if (claim.claimed) {
      request.idempotencyKey = key;
      return;
    }
    const { row } = claim;
    if (row.request !== identity) {
      return reply.status(409).send({ error: `${IDEMPOTENCY_KEY_HEADER} was already used for another request`, code: ERROR_CODES.conflict });
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
    await repo.complete(key, { status: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: payload.toString() });
    return payload;
  });
}
