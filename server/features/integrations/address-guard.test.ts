import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup, refusedAddress } from './address-guard.ts';

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
