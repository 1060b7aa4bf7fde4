import { Resolver } from 'node:dns/promises';
import type { Db } from '../../db/database.ts';
import type { Invalidation } from '../../lib/invalidation.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { OrganisationService } from '../organisations/index.ts';
import { createPageDomainRepository } from './page-domain.repository.ts';
import { createPageDomainService, type TxtResolver } from './page-domain.service.ts';
import { createPageHostDirectory, createPageOrigins } from './page-host.directory.ts';
import type { ProfileBrands } from '../profiles/index.ts';
import type { Feature } from '../../http/feature.ts';
import pageDomainRoutes from './page-domain.routes.ts';

/**
 * The TXT lookup of the page host checks: node:dns's own resolver, asking the servers of
 * DNS_RESOLVER when set (`ip` or `ip:port`, comma-separated; tests name a DNS server of their
 * own), else the system's. A slow server costs at most 2 × 3 s.
 */
export function txtResolverFor(servers: readonly string[]): TxtResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return (hostname) => resolver.resolveTxt(hostname);
}

/**
 * Issue 34: the page hosts feature (issue 39): the claiming service, the host directory, the reads
 * of the host gate (server/app.ts registers the gate before every route) and the page origins.
 */
export function createPageDomainsFeature(deps: {
  db: Db;
  invalidation: Invalidation;
  rateLimiter: RateLimiter;
  organisationService: Pick<OrganisationService, 'access'>;
  publicUrl: string;
  resolveTxt: TxtResolver;
}) {
  const { rateLimiter } = deps;
  const repository = createPageDomainRepository(deps.db);
  const pageHosts = createPageHostDirectory(() => repository.verifiedHosts(), deps.invalidation);
  const pageDomains = createPageDomainService({
    pageDomains: repository,
    organisationService: deps.organisationService,
    rateLimiter,
    resolveTxt: deps.resolveTxt,
    directory: pageHosts,
    serviceHost: new URL(deps.publicUrl).hostname.toLowerCase(),
  });
  const pageOrigins = createPageOrigins(pageHosts, (profileId) => repository.organisationOfProfile(profileId));
  /** The company profiles' brand with the address their pages are shared under (`pageOrigin`, null for the service's own). */
  const withOrigins = (brands: ProfileBrands): ProfileBrands => ({
    async brandOf(profileId) {
      const brand = await brands.brandOf(profileId);
      return brand && { ...brand, pageOrigin: await pageOrigins.of(profileId) };
    },
  });
  const services = { pageDomains, pageHosts, pageHostResources: repository, pageOrigins, withOrigins };
  const feature: Feature<typeof services> = {
    name: 'page-domains',
    services,
    async routes(app) {
      await app.register(pageDomainRoutes, { services, rateLimiter });
    },
  };
  return feature;
}
export type PageDomainsServices = ReturnType<typeof createPageDomainsFeature>['services'];
