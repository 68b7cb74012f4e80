/*
 * Where a credential may go. A secret (application password, API key) belongs to the origin the
 * operator entered it for — scheme, host and port, as browsers decide it — and is never sent on
 * to another one by a redirect, a discovered link or an edit that changed the address.
 */

/** "https://example.com" for any URL on it (default ports dropped), or null when it is not a URL. */
export function originOf(url: string | URL): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export function sameOrigin(a: string | URL, b: string | URL): boolean {
  const left = originOf(a);
  return left !== null && left === originOf(b);
}

/** True when `to` is `from`'s host moved from http to https on the default ports (same server, now encrypted). */
export function isHttpsUpgrade(from: string | URL, to: string | URL): boolean {
  try {
    const a = new URL(from);
    const b = new URL(to);
    return (
      a.protocol === 'http:' && b.protocol === 'https:' && a.hostname === b.hostname && a.port === '' && b.port === ''
    );
  } catch {
    return false;
  }
}

/**
 * May a secret entered for the address `from` be kept when the operator changes it to `to`?
 * Yes on the same origin, and on the https upgrade of the same host, which the operator typed
 * themselves (the edit is the confirmation). Any other host, port or a downgrade to http: no.
 * Undefined stands for a provider's built-in default address.
 */
export function secretMayMoveTo(from: string | undefined, to: string | undefined): boolean {
  if (from === undefined || to === undefined) return from === to;
  return sameOrigin(from, to) || isHttpsUpgrade(from, to);
}
