import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AddressKind } from './address-class.js';
import { ForbiddenAddressError } from './outbound-error.js';

/** Name → addresses; tests inject one that maps their own names to 127.0.0.1. */
export type Resolver = (hostname: string, options: LookupOptions) => Promise<LookupAddress[]>;
/** Address (and the name it came from) → kind; tests inject one that calls a test name public. */
export type AddressClassifier = (address: string, hostname: string) => AddressKind;

export const systemResolver: Resolver = (hostname, options) =>
  new Promise((resolve, reject) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/**
 * The DNS lookup a connection makes, given to the socket itself (`connect.lookup`), so the address
 * checked is the address connected to: a name that resolves to a public address when a redirect is
 * checked and to a private one a moment later (DNS rebinding) is still refused. With `publicOnly`,
 * only public addresses are handed to the socket; a name with none is refused.
 */
export function guardedLookup(resolve: Resolver, classify: AddressClassifier, publicOnly: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options).then(
      (found) => {
        const allowed = publicOnly ? found.filter((entry) => classify(entry.address, hostname) === 'public') : found;
        const first = allowed[0];
        if (!first) {
          const refused = found[0];
          const error = refused
            ? new ForbiddenAddressError(hostname, refused.address, classify(refused.address, hostname))
            : Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
          callback(error, '', 0);
          return;
        }
        if (options.all) callback(null, allowed);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
