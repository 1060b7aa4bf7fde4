import { parse } from 'tldts';

/**
 * Issue 39: why a host cannot be an organisation's page host, or null when it can. The shape is
 * checked by `pageHostSchema` (shared/schemas/page-domain.schema.ts); these rules need the public
 * suffix list (the `tldts` package, ICANN and private sections) and the service's own address:
 *
 * - an IP literal is no host name a certificate is issued for on demand;
 * - a public suffix itself (`co.uk`) or a host under a free-hosting suffix of the list's private
 *   section (`acme.github.io`, `acme.vercel.app`): whoever can publish there is not the company;
 * - the service's own host and anything under it: those answer the service itself.
 */
export function pageHostProblem(host: string, serviceHost: string): string | null {
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp) return 'is an IP address; name a host like cards.example.com';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'is this machine; name a host of your own domain';
  if (host === serviceHost || host.endsWith(`.${serviceHost}`)) return "is this service's own address; name a host of your own domain";
  if (!parsed.domain || !parsed.publicSuffix || host === parsed.publicSuffix) return 'is a public suffix; name a host of your own domain under it';
  if (parsed.isPrivate) return `is under ${parsed.publicSuffix}, where anyone can publish; name a host of your own domain`;
  return null;
}
