import type { AddressKind } from './address-class.js';

/*
 * Why an outbound request was not made or a redirect not followed, in words the operator reads in
 * the trend run's feed errors, the Generation log or a connection test. Nothing here is retryable:
 * the same address will be refused again until someone changes it.
 */

export type OutboundRefusalKind =
  /** Not http: or https: (ftp:, file:, data:, javascript:, …). */
  | 'scheme'
  /** A user name or password in the URL: credentials are never sent that way. */
  | 'credentials_in_url'
  /** Off the entered origin, and on a loopback, private, link-local, … address. */
  | 'forbidden_address'
  | 'too_many_redirects'
  /** A redirect answering another method than GET or HEAD: the request is not repeated elsewhere. */
  | 'redirect_not_followed'
  /** A Location that is not a URL. */
  | 'invalid_redirect';

export interface OutboundRefusalInit {
  /** 0 for the address asked for, 1 for the first redirect's target, … */
  hop: number;
  /** The target's full URL (for code; messages show it without query or user info). */
  url: string | null;
  /** The redirect's HTTP status, when a redirect was refused. */
  status?: number;
  /** For forbidden_address: what the host was or resolved to. */
  address?: { address: string; kind: AddressKind };
}

export class OutboundRefusal extends Error {
  override readonly name = 'OutboundRefusal';
  readonly retryable = false;
  readonly hop: number;
  readonly url: string | null;
  readonly status: number | null;
  readonly address: { address: string; kind: AddressKind } | null;

  constructor(
    readonly kind: OutboundRefusalKind,
    message: string,
    init: OutboundRefusalInit,
  ) {
    super(message);
    this.hop = init.hop;
    this.url = init.url;
    this.status = init.status ?? null;
    this.address = init.address ?? null;
  }
}

export const isOutboundRefusal = (error: unknown): error is OutboundRefusal => error instanceof OutboundRefusal;

/**
 * Raised inside the connection's DNS lookup when a name resolved only to addresses the hop may not
 * reach; the fetch wraps it ("fetch failed"), and the outbound client turns it into a refusal.
 */
export class ForbiddenAddressError extends Error {
  override readonly name = 'ForbiddenAddressError';
  readonly code = 'E_OUTBOUND_FORBIDDEN_ADDRESS';

  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly kind: AddressKind,
  ) {
    super(`${hostname} resolves to ${address} (${kind}), which this request may not reach`);
  }
}
