import ipaddr from 'ipaddr.js';

/*
 * Which kind of network an IP address is on, for the outbound rule: only `public` addresses may be
 * reached by an address that someone other than the operator named (a redirect, an image URL).
 * The ranges are ipaddr.js's (IANA special-purpose registries); anything that library does not
 * call plain unicast counts as not public, which is stricter than needed and never looser.
 */

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'multicast' | 'reserved';

const IPV4_KINDS: Record<string, AddressKind> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'multicast',
};

const IPV6_KINDS: Record<string, AddressKind> = {
  unicast: 'public',
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
};

// Global unicast IPv6 is 2000::/3; ipaddr.js calls everything outside its special list "unicast",
// including never-assigned space and IPv4-compatible ::a.b.c.d, which are not public.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
// NAT64 (RFC 6052 well-known prefix): an IPv6-only network reaches IPv4 hosts as 64:ff9b::a.b.c.d.
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * The kind of one IP address as Node or the URL parser spells it (`10.0.0.5`, `::ffff:7f00:1`,
 * `[fe80::1]`). Anything that is not an IP address is `reserved` (never public).
 */
export function classifyAddress(address: string): AddressKind {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // parse, not isValid: isValid accepts the shorthand IPv4 forms ("127.1"); the URL parser and
  // dns.lookup already turn those into dotted quads, so anything else here is not an address.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return 'reserved';
  // process() turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 address it is.
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') return IPV4_KINDS[parsed.range()] ?? 'reserved';
  const v6 = parsed as ipaddr.IPv6;
  // Its last four bytes are the IPv4 address really reached.
  if (v6.match(NAT64)) return classifyAddress(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
  const kind = IPV6_KINDS[v6.range()] ?? 'reserved';
  return kind === 'public' && !v6.match(GLOBAL_UNICAST_V6) ? 'reserved' : kind;
}

/** True when the text is an IP address (with or without IPv6 brackets), not a host name. */
export function isIpAddress(host: string): boolean {
  const text = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

const WORDS: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  'link-local': 'a link-local address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

/** "a private address", for messages. */
export function describeAddressKind(kind: AddressKind): string {
  return kind === 'public' ? 'a public address' : WORDS[kind];
}
