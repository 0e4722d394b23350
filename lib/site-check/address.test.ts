import { describe, expect, test } from 'bun:test';
import { isPublicAddress, parseAllowHosts, vetTarget } from './address.ts';

describe('isPublicAddress', () => {
  test('refuses every address that is not public unicast, IPv4 and IPv6, mapped and embedded forms too', () => {
    for (const ip of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '127.0.0.2',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '[::ffff:7f00:1]',
      '::ffff:8.8.8.8',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      'ff02::1',
      '2001::1',
      '2001:db8::1',
      '2002:7f00:1::1',
      '100::1',
      '3fff::1',
      '3fff:fff:ffff::1',
      '192.88.99.1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
  test('lets public unicast through', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '99.79.1.2',
      '100.63.255.255',
      '100.128.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '2607:f8b0:4020::200e',
      '[2606:4700::6810:84e5]',
      '2600::1',
    ])
      expect(isPublicAddress(ip), ip).toBe(true);
  });
  test('what is no address at all is not public', () => {
    for (const text of ['', 'example.com', '1.2.3', '1.2.3.256', '::1::2', 'fe80::1%eth0', '12345::', '[::1']) expect(isPublicAddress(text), text).toBe(false);
  });
});

describe('vetTarget', () => {
  test('refuses without any DNS what can be refused from the address alone', () => {
    const refusals: [string, string][] = [
      ['http://localhost/', 'not-public'],
      ['http://LOCALHOST./', 'not-public'],
      ['http://shop.localhost/', 'not-public'],
      ['http://intranet/', 'not-public'],
      ['http://127.0.0.2/', 'not-public'],
      ['http://10.0.0.1/', 'not-public'],
      ['http://192.168.1.1/', 'not-public'],
      ['http://172.16.0.1/', 'not-public'],
      ['http://100.64.0.1/', 'not-public'],
      ['http://169.254.169.254/latest/meta-data/', 'not-public'],
      ['http://[::1]/', 'not-public'],
      ['http://[::ffff:127.0.0.1]/', 'not-public'],
      ['http://0.0.0.0/', 'not-public'],
      ['http://2130706433/', 'not-public'],
      ['http://0x7f000001/', 'not-public'],
      ['http://0177.0.0.1/', 'not-public'],
      ['http://user:pass@example.com/', 'bad-address'],
      ['https://user@example.com/', 'bad-address'],
      ['http://example.com:8080/', 'bad-address'],
      ['https://example.com:22/', 'bad-address'],
      ['file:///etc/passwd', 'not-http'],
      ['gopher://example.com/', 'not-http'],
      ['ftp://example.com/', 'not-http'],
      ['javascript:alert(1)', 'not-http'],
      ['not a url', 'bad-address'],
    ];
    for (const [address, reason] of refusals) expect(vetTarget(address, []), address).toEqual({ refused: reason as never });
  });
  test('public names and addresses on 80 and 443 pass, to be resolved and checked by the fetch', () => {
    for (const address of ['https://brightsmile.ca/', 'http://www.brightsmile.ca/book', 'https://8.8.8.8/', 'http://example.com:443/'])
      expect('target' in vetTarget(address, []), address).toBe(true);
  });
  test('the allow list lets exactly its host through, at its port only', () => {
    const allow = parseAllowHosts('127.0.0.1:4100, fixtures.test ,[::1]:4200') ?? [];
    expect(vetTarget('http://127.0.0.1:4100/', allow)).toMatchObject({ target: { hostname: '127.0.0.1', port: 4100, allowed: true } });
    expect(vetTarget('http://127.0.0.1:4101/', allow)).toEqual({ refused: 'bad-address' });
    expect(vetTarget('http://127.0.0.1/', allow)).toEqual({ refused: 'not-public' });
    expect(vetTarget('http://[::1]:4200/', allow)).toMatchObject({ target: { allowed: true } });
    expect(vetTarget('https://fixtures.test/', allow)).toMatchObject({ target: { allowed: true, port: 443 } });
    expect(vetTarget('http://fixtures.test:8080/', allow)).toEqual({ refused: 'bad-address' });
    expect(vetTarget('http://127.0.0.2:4100/', allow)).toEqual({ refused: 'bad-address' });
  });
});

describe('parseAllowHosts', () => {
  test('hosts and host:ports, trimmed and lower-cased; anything else is refused whole', () => {
    expect(parseAllowHosts('')).toEqual([]);
    expect(parseAllowHosts('Fixtures.Test, 127.0.0.1:8080')).toEqual([{ host: 'fixtures.test' }, { host: '127.0.0.1', port: 8080 }]);
    expect(parseAllowHosts('[::1]:9000')).toEqual([{ host: '[::1]', port: 9000 }]);
    for (const bad of ['http://x.test', 'x.test/path', 'user@x.test', 'x.test:99999', 'a b']) expect(parseAllowHosts(bad), bad).toBeNull();
  });
});
