export { type AddressKind, classifyAddress, describeAddressKind, isIpAddress } from './address-class.js';
export { type AddressClassifier, type Resolver, systemResolver } from './guarded-lookup.js';
export {
  ForbiddenAddressError,
  isOutboundRefusal,
  OutboundRefusal,
  type OutboundRefusalKind,
} from './outbound-error.js';
export {
  MAX_REDIRECTS,
  OutboundHttp,
  type OutboundHttpOptions,
  type OutboundRequest,
  type OutboundResponse,
  outbound,
  type RedirectHop,
  type Transport,
  type TransportInit,
  undiciTransport,
} from './outbound-http.js';
