/**
 * What other features may use of issue 39's page hosts: the directory of verified hosts (the
 * share links, QR codes, signatures and wallet passes of an organisation's members name its host).
 */
export type { PageHostDirectory } from './page-host.directory.ts';
export type { PageDomainService } from './page-domain.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createPageDomainsFeature, txtResolverFor, type PageDomainsServices } from './page-domains.feature.ts';
