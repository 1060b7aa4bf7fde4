import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Db, Engine } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Storage } from './storage/storage.ts';
import type { Feature } from './http/feature.ts';
import { createRateCounterRepository } from './db/rate-counter.repository.ts';
import { createLocalInvalidation, type Invalidation } from './lib/invalidation.ts';
import { createRateLimiter, type RateCounterStore } from './lib/rate-limiter.ts';
import { createDecodeSlots } from './images/decode-slots.ts';
import { createTimeZoneRepository } from './auth/time-zone.repository.ts';
import { createVerificationMailSender } from './auth/verification-mail.ts';
import { createOutbox } from './outbox/outbox.ts';
import type { Owner } from './auth/owner.guard.ts';
import { createWebhookSecretBox } from './features/integrations/webhook-signing.ts';
import type { TxtResolver } from './features/organisations/domain.service.ts';
import { createAccountFeature } from './features/account/index.ts';
import { createBackgroundsFeature } from './features/backgrounds/index.ts';
import { createCaptureFeature } from './features/capture/index.ts';
import { createCardsFeature } from './features/cards/index.ts';
import { createCrmFeature } from './features/crm/index.ts';
import { createIntegrationsFeature } from './features/integrations/index.ts';
import { createLeadsFeature } from './features/leads/index.ts';
import { createOperatorFeature } from './features/operator/index.ts';
import { createOrganisationsFeature } from './features/organisations/index.ts';
import { createPageDomainsFeature, txtResolverFor } from './features/page-domains/index.ts';
import { createProfilesFeature } from './features/profiles/index.ts';
import { createPublicPagesFeature } from './features/public-pages/index.ts';
import { createScimFeature } from './features/scim/index.ts';
import { createSignaturesFeature } from './features/signatures/index.ts';
import { createStatsFeature } from './features/stats/index.ts';
import { createTapsFeature } from './features/taps/index.ts';
import { createWalletFeature } from './features/wallet/index.ts';

/**
 * Issue 34: the services of a feature built later, for calls at request time only: each named
 * method looks the feature up in `later` when it is called, and fails if that is while composing.
 */
function late<S extends object, K extends keyof S>(services: () => S | undefined, methods: readonly K[]): Pick<S, K> {
  const bound: Partial<Pick<S, K>> = {};
  for (const method of methods) {
    const call = (...args: unknown[]): unknown => {
      const target = services();
      if (!target) throw new Error(`${String(method)}: called while composing, before its feature was built`);
      return (target[method] as (...a: unknown[]) => unknown).apply(target, args);
    };
    bound[method] = call as S[K];
  }
  return bound as Pick<S, K>;
}

/**
 * The one composition file (issues 21 and 34): builds the platform pieces, then every feature in
 * an explicit order, handing each the services of features built before it (and, where two
 * features need each other, `late` calls of the one built after). Each feature builds its own
 * repositories; what another needs of them it answers as a named service (its index.ts types it).
 * Answers the features in that order (server/app.ts registers their routes and runs their
 * lifecycles so) and their services by name (for main.ts, the lifecycle and tests).
 * With Redis, `invalidation` carries changes between instances and `rateStore` counts limits there.
 */
export function createFeatures(deps: {
  config: Config;
  db: Db;
  engine: Engine;
  storage: Storage;
  mailer: Mailer;
  log: FastifyBaseLogger;
  authSecret: string;
  auth: Auth;
  invalidation?: Invalidation;
  rateStore?: (database: RateCounterStore) => RateCounterStore;
  /** Issue 27: the DNS lookup of domain verification (node:dns by default; tests give a stand-in). */
  resolveTxt?: TxtResolver;
  /** Drops remembered sessions here and on every other instance (server/auth/owner.guard.ts). */
  onIdentityChange: (tellOthers: boolean) => Promise<void>;
}) {
  const { config, db, storage, mailer, log, authSecret, onIdentityChange } = deps;
  const { publicUrl } = config;

  // Platform. Issue 34: the one way a change reaches the outside (features write messages in their changes' transactions and handle their types).
  const outbox = createOutbox({ db, engine: deps.engine, log });
  const invalidation = deps.invalidation ?? createLocalInvalidation();
  // Limits on everything that sends mail or costs CPU, counted where every instance sees them.
  const databaseCounters = createRateCounterRepository(db);
  const rateLimiter = createRateLimiter(deps.rateStore ? deps.rateStore(databaseCounters) : databaseCounters);
  // Per process: at most one image decode per core at once (memory), a short queue behind.
  const decodeSlots = createDecodeSlots();
  const timeZones = createTimeZoneRepository(db);
  const resolveTxt = deps.resolveTxt ?? txtResolverFor(config.dnsServers);
  // What every factory may take of the platform (each reads only the keys it names).
  const platform = { config, publicUrl, db, storage, mailer, rateLimiter, decodeSlots, log, authSecret, timeZones, resolveTxt, onIdentityChange };

  // Where two features need each other, the one built first calls the other's services through `late`, at request time only (issue 34):
  // the statistics count the profiles', cards' and leads' rows, which report their views to them; the organisations change profiles
  // (templates, brands, cards), write webhook events and move leads, and profiles, the integrations and leads ask them back; an accepted
  // invitation tells SCIM, which needs the invitations; the taps' clone alerts mail the operators, whose console needs the taps.
  const later: {
    profiles?: ReturnType<typeof createProfilesFeature>;
    cards?: ReturnType<typeof createCardsFeature>;
    integrations?: ReturnType<typeof createIntegrationsFeature>;
    operator?: ReturnType<typeof createOperatorFeature>;
    leads?: ReturnType<typeof createLeadsFeature>;
    scim?: ReturnType<typeof createScimFeature>;
  } = {};

  // 1. Statistics: the view counter every counted page reports to (it writes the profiles' and cards' counts), the visits, the group sums.
  const stats = createStatsFeature({
    ...platform,
    profiles: late(() => later.profiles?.services.profileStats, ['findOwn', 'publicStamp', 'addViews', 'forget']),
    cards: late(() => later.cards?.services.cardScans, ['addScans']),
    links: late(() => later.profiles?.services.profileLinks, ['listByProfile']),
    captures: late(() => later.leads?.services.leadCaptureStats, ['capturesOf']),
  });
  const { views, visits } = stats.services;
  // 2. Organisations (issue 24), before profiles, whose rules ask the templates what a profile locks. Issue 25: their changes write
  // webhook events in their transactions (a company profile's reach its organisation's webhooks too).
  const organisations = createOrganisationsFeature({
    ...platform,
    profiles: late(() => later.profiles?.services.templatedProfiles, ['change', 'setFields']),
    companyLinks: late(() => later.profiles?.services.companyLinks, ['setCompanyLinks']),
    webhookEvents: late(() => later.integrations?.services.webhookEvents, ['emit']),
    endpoints: late(() => later.integrations?.services.endpointHandOver, ['handOverOrganisationEndpoints']),
    groupStats: stats.services.groupStats,
    leads: late(() => later.leads?.services.leads, ['moveToProfile']),
    joined: late(() => later.scim?.services.scimJoin, ['memberJoined']).memberJoined,
  });
  const { organisations: organisationService, brand, organisationDomains, organisationOfCompanyProfile } = organisations.services;
  // 3. Integrations (issue 25): webhooks (secrets stored encrypted), API tokens, the deliveries; the events every change writes.
  const integrations = (later.integrations = createIntegrationsFeature({
    ...platform,
    engine: deps.engine,
    organisationOfCompanyProfile,
    allowHttp: config.webhooks.allowHttp,
    allowPrivate: config.webhooks.allowPrivate,
    organisationAdmin: async (owner: Owner, organisationId: string) => void (await organisationService.access(owner, organisationId, 'admin')),
    organisationAudit: organisationService.auditWriter,
    outbox,
    worker: { mailer, publicUrl, log, organisationAdmins: organisations.services.organisationAdmins },
  }));
  const { webhookEvents } = integrations.services;
  // 4. CRM connectors (issue 37): a lead's change also marks its CRM sync in its transaction (tokens sealed with the webhooks' box).
  const crm = createCrmFeature({
    ...platform,
    box: createWebhookSecretBox(authSecret),
    organisationOf: organisationOfCompanyProfile,
    organisationService,
    organisationAdmins: organisations.services.organisationAdmins,
    outbox,
  });
  // 5. Page hosts (issue 39); the company profiles' brand with the address their pages are shared under.
  const pageDomains = createPageDomainsFeature({ ...platform, invalidation, organisationService });
  const pageBrands = pageDomains.services.withOrigins(brand.forProfiles);
  // 6. Profiles: their stamps told to every instance, their changes' webhook events and `profiles.changed` written in the change.
  const profiles = (later.profiles = createProfilesFeature({
    ...platform,
    invalidation,
    webhookEvents,
    outbox,
    views,
    visits,
    templates: organisations.services.templates.forProfiles,
    brands: pageBrands,
  }));
  const { profiles: profileService, publicProfiles, profileChanges } = profiles.services;
  // 7. Cards (issue 33: an organisation's card shows only its holder's company profiles of that organisation).
  const cards = (later.cards = createCardsFeature({
    ...platform,
    webhookEvents,
    profiles: profileChanges,
    profileService,
    publicProfiles,
    views,
    visits,
    companyProfilesOf: organisations.services.companyProfilesOf,
  }));
  const cardService = cards.services.cards;
  // 8. Taps (issue 38): SUN keys of batches, every tap judged, the clone alerts mailed to the operators.
  const taps = createTapsFeature({ ...platform, cardExists: cardService.exists, grants: () => later.operator!.services.operatorGrants.listGrants() });
  // 9. The public pages (D16) and downloads.
  const issuer = { name: config.issuerName, email: config.supportEmail };
  const publicPages = createPublicPagesFeature({ ...platform, issuer, publicProfiles, cards: cardService, visits, taps: taps.services.taps });
  const { downloads, texts } = publicPages.services;
  // 10. Wallet passes (D11, issue 26), told of every profile change (the outbox's profiles.changed).
  const wallet = createWalletFeature({
    ...platform,
    cards: cards.services.ownCards,
    profiles: profileChanges,
    visits,
    outbox,
    pageOrigins: pageDomains.services.pageOrigins,
  });
  // 11. The operator's console (issue 28).
  const operator = (later.operator = createOperatorFeature({
    ...platform,
    operatorEmails: config.operatorEmails,
    cards: cardService,
    taps: taps.services.taps,
    sendVerificationMail: createVerificationMailSender(deps.auth),
    domains: organisationDomains,
    pageDomains: pageDomains.services.pageDomains,
  }));
  // 12. Leads: the owner's, the contact exchange (D5), the deletion link and the retention. Issue 25 with 37: a lead's change writes
  // its webhook events and marks its CRM sync, in its transaction (the CRM's events wrap the webhooks').
  const leads = (later.leads = createLeadsFeature({
    ...platform,
    retentionDays: config.leadsRetentionDays,
    leadEvents: crm.services.leadEvents(webhookEvents),
    profiles: profileChanges,
    publicProfiles,
    downloads,
    texts,
    pages: publicPages.services.pages,
    visits,
    cards: cardService,
    taps: taps.services.taps,
  }));
  // 13. Capture (issue 36), and its follow-up mail through the outbox and the mailer (with the lead's deletion link and the owner's vCard).
  const capture = createCaptureFeature({
    ...platform,
    publicProfiles,
    cards: cardService,
    leads: leads.services.leadCapture,
    organisationService,
    outbox,
    leadService: leads.services.leads,
    downloads,
    retentionDays: config.leadsRetentionDays,
  });
  // 14. SCIM (issue 27), and who joins at a company sign-in.
  const scim = (later.scim = createScimFeature({
    ...platform,
    organisations: organisationService,
    invitations: organisations.services.invitations,
    memberTemplates: organisations.services.memberTemplates,
    domains: organisationDomains,
    profiles: profileService,
  }));
  // 15–17. Backgrounds and signatures (issue 26), the account (its deletion asks the organisations).
  const backgrounds = createBackgroundsFeature({ ...platform, profiles: profileChanges, brands: pageBrands });
  const signatures = createSignaturesFeature({ ...platform, profiles: profileService, texts, brands: pageBrands });
  const account = createAccountFeature({ ...platform, auth: deps.auth, profiles: profileChanges, deletionHooks: organisations.services.accountDeletion });

  // Every feature in composition order (object keys keep it): app.ts registers their routes and runs their lifecycles so.
  const built = {
    stats,
    organisations,
    integrations,
    crm,
    pageDomains,
    profiles,
    cards,
    taps,
    publicPages,
    wallet,
    operator,
    leads,
    capture,
    scim,
    backgrounds,
    signatures,
    account,
  };
  return {
    /** Started by app.ts after the features, stopped first on close: the worker of every message that leaves the server. */
    platform: { outbox, rateLimiter, decodeSlots },
    features: Object.values(built) as Feature[],
    services: Object.fromEntries(Object.entries(built).map(([name, feature]) => [name, feature.services])) as {
      [K in keyof typeof built]: (typeof built)[K]['services'];
    },
  };
}
export type Composition = ReturnType<typeof createFeatures>;
/** Every feature's services by name: `app.features` (main.ts, app.ts's lifecycle, tests), never a feature's route. */
export type FeatureServices = Composition['services'];
/** The platform pieces tests and the lifecycle reach: `app.platform`. */
export type Platform = Composition['platform'];
