import {
  type AddressKind,
  classifyAddress,
  OutboundHttp,
  type Transport,
  undiciTransport,
} from '../../src/lib/outbound/index.js';

/*
 * A pretend network for the outbound rule, all of it on 127.0.0.1 where the test servers listen.
 * Test names resolve to 127.0.0.1 and are classified by name, so "public → private" can be tested
 * without any real outside address: public.test plays a public server, lan.test a private one,
 * metadata.test a cloud metadata service. IP literals keep their real classification (127.0.0.1
 * is loopback). Production code is untouched: these hooks are constructor arguments only.
 */
export const TEST_NAMES: Record<string, AddressKind> = {
  'public.test': 'public',
  'cdn.public.test': 'public',
  'lan.test': 'private',
  'metadata.test': 'link-local',
};

export interface TestNetwork {
  outbound: OutboundHttp;
  /** Every URL a request was sent to (each hop), in order. */
  sent: string[];
}

export function testNetwork(): TestNetwork {
  const sent: string[] = [];
  const transport: Transport = (url, init) => {
    const host = new URL(url).hostname;
    // A safety net: whatever the rule says, nothing here leaves this machine's loopback.
    if (host !== '127.0.0.1' && !(host in TEST_NAMES))
      return Promise.reject(new Error(`test network: ${url} is not a local test address`));
    sent.push(url);
    return undiciTransport(url, init);
  };
  const outbound = new OutboundHttp({
    resolve: (hostname) =>
      hostname in TEST_NAMES
        ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
        : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })),
    classify: (address, hostname) => TEST_NAMES[hostname] ?? classifyAddress(address),
    transport,
  });
  return { outbound, sent };
}

/** http://<name>:<port of the local server><path>. */
export function at(name: string, baseUrl: string, path: string): string {
  return `http://${name}:${new URL(baseUrl).port}${path}`;
}
