import { describe, expect, it } from 'vitest';
import { type AddressKind, classifyAddress, isIpAddress } from '../../src/lib/outbound/index.js';

/** The host the URL parser hands on (it normalises decimal, hex and octal IPv4 and IPv6 spellings). */
const hostOf = (url: string) => new URL(url).hostname;

describe('address classification', () => {
  const cases: Array<[string, AddressKind]> = [
    // IPv4
    ['8.8.8.8', 'public'],
    ['93.184.215.14', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.1', 'public'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'multicast'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    // IPv4 inside IPv6 is the IPv4 address it is
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.5', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::808:808', 'public'],
    // Outside global unicast (2000::/3), or the deprecated IPv4-compatible form: never public
    ['::7f00:1', 'reserved'],
    ['4000::1', 'reserved'],
    // Not an address at all
    ['localhost', 'reserved'],
    ['example.com', 'reserved'],
    ['127.1', 'reserved'],
  ];
  it.each(cases)('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('takes IPv6 in URL brackets', () => {
    expect(classifyAddress('[::1]')).toBe('loopback');
    expect(classifyAddress('[fe80::1]')).toBe('link-local');
  });

  it('classifies the spellings of IPv4 that URL parsing normalises', () => {
    const spellings: Array<[string, AddressKind]> = [
      ['http://2130706433/', 'loopback'], // decimal 127.0.0.1
      ['http://0x7f000001/', 'loopback'], // hex
      ['http://0x7f.1/', 'loopback'],
      ['http://0177.0.0.1/', 'loopback'], // octal
      ['http://127.1/', 'loopback'],
      ['http://2852039166/', 'link-local'], // 169.254.169.254
      ['http://0xa9.0xfe.0xa9.0xfe/', 'link-local'],
      ['http://012.0.0.5/', 'private'], // 10.0.0.5
      ['http://0/', 'unspecified'],
      ['http://[::ffff:127.0.0.1]/', 'loopback'],
      ['http://[::ffff:a9fe:a9fe]/', 'link-local'],
      ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
      ['http://134744072/', 'public'], // 8.8.8.8
    ];
    for (const [url, kind] of spellings) {
      expect([url, classifyAddress(hostOf(url))]).toEqual([url, kind]);
    }
  });

  it('tells IP literals from host names', () => {
    expect(isIpAddress('127.0.0.1')).toBe(true);
    expect(isIpAddress('[::1]')).toBe(true);
    expect(isIpAddress(hostOf('http://2130706433/'))).toBe(true);
    expect(isIpAddress('localhost')).toBe(false);
    expect(isIpAddress('127.0.0.1.nip.io')).toBe(false);
  });
});
