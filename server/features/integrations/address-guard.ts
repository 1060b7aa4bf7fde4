import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import net from 'node:net';

/** The cloud metadata service: refused even with WEBHOOKS_ALLOW_PRIVATE. */
const METADATA = new net.BlockList();
METADATA.addAddress('169.254.169.254', 'ipv4');
METADATA.addAddress('fd00:ec2::254', 'ipv6');

/** Loopback, private, link-local, shared, multicast and reserved ranges: not the public internet. */
const PRIVATE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv6');

/** An IPv4 address inside IPv6 (`::ffff:10.0.0.1`, NAT64 `64:ff9b::a00:1`) is judged as IPv4. */
function embeddedIpv4(address: string): string | undefined {
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Why an address may not be a webhook's target, or undefined when it may. */
export function refusedAddress(address: string, allowPrivate: boolean): string | undefined {
  const v4 = net.isIPv4(address) ? address : embeddedIpv4(address);
  const [value, family] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (METADATA.check(value, family)) return `the address ${address} is the cloud metadata service`;
  if (!allowPrivate && PRIVATE.check(value, family)) return `the address ${address} is loopback, private or link-local`;
  return undefined;
}

/** The error of a refused target; its code tells it apart from network failures. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_ADDRESS_REFUSED';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request: resolves like dns.lookup and refuses when any resolved address
 * is refused. The connection then goes to an address checked here and now, so a DNS answer that
 * changes between a check and the connection (rebinding) cannot reach the operator's network.
 */
export function guardedLookup(allowPrivate: boolean, resolve: typeof dns.lookup = dns.lookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const refused = list.map((a) => refusedAddress(a.address, allowPrivate)).find(Boolean);
      if (refused || !list.length) return callback(new RefusedAddressError(refused ?? `${hostname} has no address`), '');
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
