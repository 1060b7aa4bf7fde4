import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { embeddedIpv4, guardedLookup, refusedAddress } from './address-guard.ts';

describe('webhook address guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.1.1',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd12::1',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
  ])('refuses %s by default', (address) => expect(refusedAddress(address, false)).toBeTruthy());
  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])('allows the public address %s', (address) =>
    expect(refusedAddress(address, false)).toBeUndefined(),
  );
  it('allows private addresses with WEBHOOKS_ALLOW_PRIVATE but never the metadata address', () => {
    expect(refusedAddress('127.0.0.1', true)).toBeUndefined();
    expect(refusedAddress('10.0.0.1', true)).toBeUndefined();
    expect(refusedAddress('169.254.169.254', true)).toMatch(/metadata/);
    expect(refusedAddress('::ffff:169.254.169.254', true)).toMatch(/metadata/);
  });

  // Issue 33: every IPv6 form that carries or reaches an IPv4 address is judged as that address.
  it.each([
    ['::127.0.0.1', '127.0.0.1'],
    ['::7f00:1', '127.0.0.1'],
    ['::ffff:0:127.0.0.1', '127.0.0.1'],
    ['::ffff:0:7f00:1', '127.0.0.1'],
    ['::a9fe:a9fe', '169.254.169.254'],
    ['::ffff:a9fe:a9fe', '169.254.169.254'],
    ['64:ff9b::10.0.0.1', '10.0.0.1'],
    ['2002:c0a8:101::1', '192.168.1.1'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'],
    ['fe80::200:5efe:10.1.2.3', '10.1.2.3'],
    ['2607:f8b0::5efe:192.168.0.1', '192.168.0.1'],
  ])('reads the IPv4 address inside %s', (address, v4) => expect(embeddedIpv4(address)).toContain(v4));

  it.each([
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '::a9fe:a9fe',
    '::7f00:1',
    '::ffff:0:a00:1',
    '::10.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2001:0:4136:e378:8000:63bf:f5ff:fffe',
    '2607:f8b0::5efe:127.0.0.1',
    'fec0::1',
    '2001:db8::1',
  ])('refuses %s, an IPv6 form of a loopback, private or reserved address', (address) => expect(refusedAddress(address, false)).toBeTruthy());

  it.each([
    '169.254.169.254',
    '169.254.10.10',
    '169.254.170.2',
    '100.100.100.200',
    '192.0.0.192',
    '168.63.129.16',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    '::a9fe:a9fe',
    '::ffff:0:a9fe:a9fe',
    '::ffff:100.100.100.200',
    '64:ff9b::169.254.169.254',
    '2002:a9fe:a9fe::',
  ])('refuses the metadata or link-local address %s even with WEBHOOKS_ALLOW_PRIVATE', (address) =>
    expect(refusedAddress(address, true)).toMatch(/metadata|link-local/),
  );

  it('allows a public address in an IPv6 form that carries one', () => {
    expect(refusedAddress('::ffff:93.184.216.34', false)).toBeUndefined();
    expect(refusedAddress('64:ff9b::5db8:d822', false)).toBeUndefined();
    expect(refusedAddress('2002:5db8:d822::1', false)).toBeUndefined();
  });

  const fakeDns = (addresses: string[]) =>
    ((_host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      )) as unknown as typeof dns.lookup;
  const lookup = (addresses: string[], all = false) =>
    new Promise<unknown>((resolve, reject) =>
      guardedLookup(false, fakeDns(addresses))('hooks.example', { all }, (error, address) => (error ? reject(error) : resolve(address))),
    );

  it('refuses a DNS name that resolves to a private address, even beside a public one', async () => {
    await expect(lookup(['10.0.0.5'])).rejects.toThrow(/private/);
    await expect(lookup(['93.184.216.34', '127.0.0.1'])).rejects.toThrow(/loopback/);
  });
  it('answers a public name as dns.lookup would', async () => {
    await expect(lookup(['93.184.216.34'])).resolves.toBe('93.184.216.34');
    await expect(lookup(['93.184.216.34'], true)).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});
