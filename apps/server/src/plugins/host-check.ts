import { isIP } from 'node:net';
import os from 'node:os';
import { ERROR_CODES } from '@abp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface HostPolicy {
  /** HOST, the address the server is bound to. */
  boundHost: string;
  /** Host names from PUBLIC_URL and ALLOWED_HOSTS. */
  allowedHosts: readonly string[];
  trustProxy: boolean;
}

/**
 * DNS rebinding: a web page on attacker.example can make its own name resolve to 127.0.0.1 and then
 * talk to this server as "same origin". The browser still sends `Host: attacker.example`, so only
 * names the operator serves are answered. An address literal can never be rebound, so any IP is
 * fine; a name must be localhost, this machine's name, the bound host, or PUBLIC_URL's or
 * ALLOWED_HOSTS' names.
 */
export function hostMatcher(policy: Pick<HostPolicy, 'boundHost' | 'allowedHosts'>): (hostHeader: string) => boolean {
  const machine = os.hostname().toLowerCase();
  const names = new Set(
    ['localhost', machine, `${machine}.local`, policy.boundHost, ...policy.allowedHosts].map((h) => h.toLowerCase()),
  );
  return (hostHeader) => {
    const name = hostnameOf(hostHeader);
    return name !== null && (isIP(name) !== 0 || names.has(name));
  };
}

/** `name:port` or `[v6]:port` → the bare lower-case name, or null when it is not a host at all. */
export function hostnameOf(hostHeader: string): string | null {
  const value = hostHeader.trim().toLowerCase();
  const v6 = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value);
  if (v6) return v6[1] ?? null;
  const named = /^([a-z0-9.-]+?)\.?(?::\d{1,5})?$/.exec(value);
  return named ? (named[1] ?? null) : null;
}

export function registerHostCheck(app: FastifyInstance, policy: HostPolicy): void {
  const allowed = hostMatcher(policy);
  app.addHook('onRequest', async (request, reply) => {
    const offending = hostsOf(request, policy.trustProxy).find((h) => !allowed(h));
    if (offending === undefined) return;
    return reply.status(403).send({
      error: `This server does not answer for the host "${offending.slice(0, 100)}". If you reach it under this name, add it to ALLOWED_HOSTS or set PUBLIC_URL.`,
      code: ERROR_CODES.hostNotAllowed,
    });
  });
}

// Behind a trusted proxy the forwarded host counts too: a rebound page can set X-Forwarded-Host itself.
function hostsOf(request: FastifyRequest, trustProxy: boolean): string[] {
  const hosts: string[] = [];
  if (request.headers.host !== undefined) hosts.push(request.headers.host);
  const forwarded = request.headers['x-forwarded-host'];
  if (trustProxy && forwarded !== undefined)
    hosts.push(
      ...String(forwarded)
        .split(',')
        .map((h) => h.trim()),
    );
  return hosts;
}
