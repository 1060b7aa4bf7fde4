/**
 * Issue 33: free-mail providers, where anyone can have an address, so no organisation may claim
 * one of their domains (a company sign-in with such an address would join it). The list is
 * HubSpot's list of free e-mail domains (some 4,700, the one CRMs and form tools block), kept by
 * the package `free-email-domains-typescript`, plus the few public mail services it lacks.
 * (`free-email-domains`, larger, downloads its list while it installs, which our installs may not
 * do: docs/decisions.md.) Loaded at the first check, not at every start.
 */
const NOT_IN_THE_PACKAGE = ['proton.me', 'pm.me', 'protonmail.ch', 'tutanota.com', 'tutanota.de', 'tuta.com', 'tuta.io', 'mailbox.org', 'hey.com', 'email.de'];

let domains: Promise<ReadonlySet<string>> | undefined;
const loaded = () =>
  (domains ??= import('free-email-domains-typescript').then(({ freeEmailDomains }) => new Set<string>([...freeEmailDomains, ...NOT_IN_THE_PACKAGE])));

/**
 * True when `domain` (lower-case, no trailing dot) is a free-mail provider's or a subdomain of
 * one (`mail.gmail.com`: whoever holds gmail.com holds its subdomains' mail too).
 */
export async function isFreeMailDomain(domain: string): Promise<boolean> {
  const list = await loaded();
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) if (list.has(labels.slice(i).join('.'))) return true;
  return false;
}
