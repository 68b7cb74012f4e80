export { classifyAddress, describeAddressKind, isIpAddress, type AddressKind } from './address-class.js';
export { systemResolver, type AddressClassifier, type Resolver } from './guarded-lookup.js';
export { ForbiddenAddressError, OutboundRefusal, isOutboundRefusal, type OutboundRefusalKind } from './outbound-error.js';
export {
  MAX_REDIRECTS,
  OutboundHttp,
  outbound,
  undiciTransport,
  type OutboundHttpOptions,
  type OutboundRequest,
  type OutboundResponse,
  type RedirectHop,
  type Transport,
  type TransportInit,
} from './outbound-http.js';
