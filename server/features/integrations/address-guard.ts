import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import net from 'node:net';

/**
 * Cloud metadata services and link-local addresses: refused even with WEBHOOKS_ALLOW_PRIVATE
 * (issue 33). 169.254.0.0/16 holds AWS's, GCP's, Azure's, DigitalOcean's and OpenStack's
 * metadata (169.254.169.254) and more (ECS task metadata 169.254.170.2); 100.100.100.200 is
 * Alibaba's, 192.0.0.192 Oracle's, 168.63.129.16 Azure's host service, fd00:ec2::254 AWS's
 * IPv6 one; fe80::/10 is IPv6 link-local. None is ever a webhook receiver.
 */
const ALWAYS_REFUSED = new net.BlockList();
ALWAYS_REFUSED.addSubnet('169.254.0.0', 16, 'ipv4');
for (const address of ['100.100.100.200', '192.0.0.192', '168.63.129.16']) ALWAYS_REFUSED.addAddress(address, 'ipv4');
ALWAYS_REFUSED.addAddress('fd00:ec2::254', 'ipv6');
ALWAYS_REFUSED.addSubnet('fe80::', 10, 'ipv6');

/** Loopback, private, shared, multicast and reserved ranges: not the public internet. */
const PRIVATE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  // NAT64 local use (RFC 8215): translates into whatever network the operator chose.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv6');

/** The 16 bytes of an IPv6 address in any notation (`::`, a dotted tail, a zone), or undefined. */
function ipv6Bytes(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '').toLowerCase();
  if (!net.isIPv6(text)) return undefined;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const before = groups(head);
  const after = groups(tail);
  const words = tail === undefined ? before : [...before, ...new Array(8 - before.length - after.length).fill(0), ...after];
  return words.flatMap((w) => [w >> 8, w & 255]);
}

const dottedOf = (bytes: number[], at: number) => bytes.slice(at, at + 4).join('.');
const zero = (bytes: number[], from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);

/**
 * The IPv4 addresses an IPv6 address carries or reaches (issue 33), each judged as IPv4:
 * IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d` (`[::127.0.0.1]`, `[::a9fe:a9fe]`),
 * IPv4-translated `::ffff:0:a.b.c.d` (`[::ffff:0:127.0.0.1]`), NAT64 `64:ff9b::a.b.c.d`, 6to4
 * `2002:AABB:CCDD::`, Teredo `2001:0::` (its server and its client, stored inverted) and an
 * ISATAP interface id `…:0:5efe:a.b.c.d`.
 */
export function embeddedIpv4(address: string): string[] {
  const b = ipv6Bytes(address);
  if (!b) return [];
  const found: string[] = [];
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) found.push(dottedOf(b, 12));
  else if (zero(b, 0, 12) && !zero(b, 12, 16)) found.push(dottedOf(b, 12));
  if (zero(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) found.push(dottedOf(b, 12));
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(b, 4, 12)) found.push(dottedOf(b, 12));
  if (b[0] === 0x20 && b[1] === 0x02) found.push(dottedOf(b, 2));
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) {
    found.push(dottedOf(b, 4));
    found.push(
      b
        .slice(12, 16)
        .map((x) => x ^ 0xff)
        .join('.'),
    );
  }
  if ((b[8] === 0 || b[8] === 2) && b[9] === 0 && b[10] === 0x5e && b[11] === 0xfe) found.push(dottedOf(b, 12));
  return found;
}

/** Why an address may not be a webhook's target, or undefined when it may. */
export function refusedAddress(address: string, allowPrivate: boolean): string | undefined {
  const checks: Array<[string, 'ipv4' | 'ipv6']> = net.isIPv4(address)
    ? [[address, 'ipv4']]
    : [[address.replace(/%.*$/, ''), 'ipv6'], ...embeddedIpv4(address).map((v4): [string, 'ipv4'] => [v4, 'ipv4'])];
  if (!net.isIPv4(address) && !ipv6Bytes(address)) return `${address} is not an IP address`;
  if (checks.some(([value, family]) => ALWAYS_REFUSED.check(value, family)))
    return `the address ${address} is a cloud metadata service or link-local, never a webhook receiver`;
  if (!allowPrivate && checks.some(([value, family]) => PRIVATE.check(value, family))) return `the address ${address} is loopback, private or reserved`;
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
