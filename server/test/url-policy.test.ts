import { describe, expect, it } from 'vitest';
import { readEnv } from '../src/config';
import { checkSourceUrl, isPublicAddress, NOT_PUBLIC, parseAllowedHost } from '../src/lib/url-policy';

/** URL ingest's address policy, without a network: addresses are literal, so no name is looked up. */
describe('the URL ingest policy', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '::1',
    '::7f00:1', // IPv4-compatible 127.0.0.1
    '::a00:1', // IPv4-compatible 10.0.0.1
    '::808:808', // IPv4-compatible, deprecated: even of a public address
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
    '64:ff9b:1::808:808', // local-use NAT64
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    '2001::1', // Teredo
    '2001:db8::1',
    'fc00::1',
    'fe80::1',
    'fec0::1',
    '100::1',
    '::',
    'ff02::1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['localhost', { host: 'localhost', port: null }],
    ['Media.Internal:8080', { host: 'media.internal', port: 8080 }],
    ['10.0.0.7:9000', { host: '10.0.0.7', port: 9000 }],
    ['[::1]:8443', { host: '::1', port: 8443 }],
    ['[::1]', { host: '::1', port: null }],
    ['fd00::7', { host: 'fd00::7', port: null }],
  ])('reads the allowed host %j', (entry, parsed) => {
    expect(parseAllowedHost(entry)).toEqual(parsed);
  });

  it('refuses a malformed VP_INGEST_ALLOW_HOSTS entry at start', () => {
    for (const entry of ['host:0', 'host:70000', 'host:http', 'http://host', 'user@host']) {
      expect(() => parseAllowedHost(entry)).toThrow('is not a host, host:port or [IPv6]:port');
    }
    expect(() => readEnv({ VP_INGEST_ALLOW_HOSTS: 'media.internal:80a' })).toThrow('VP_INGEST_ALLOW_HOSTS: "media.internal:80a"');
    expect(readEnv({ VP_INGEST_ALLOW_HOSTS: 'Media.Internal:8080, localhost' }).options.ingestAllowHosts).toEqual([
      'media.internal:8080',
      'localhost',
    ]);
  });

  it('allows a host it names on the port it names, a bare one on 80 and 443 only', async () => {
    const policy = { allowHosts: ['127.0.0.1:8080', '10.0.0.7', '[::1]:9000'], maxBytes: 1, timeoutMs: 60_000 };
    const check = (url: string) => checkSourceUrl(new URL(url), policy);
    for (const url of [
      'http://127.0.0.1:8080/a',
      'http://10.0.0.7/a',
      'https://10.0.0.7/a',
      'http://10.0.0.7:443/a',
      'http://[::1]:9000/a',
    ]) {
      await expect(check(url), url).resolves.toBeUndefined();
    }
    for (const url of [
      'http://127.0.0.1/a',
      'http://127.0.0.1:8081/a',
      'http://10.0.0.7:22/a',
      'http://10.0.0.7:8080/a',
      'http://[::1]/a',
    ]) {
      await expect(check(url), url).rejects.toThrow(NOT_PUBLIC);
    }
  });
});
