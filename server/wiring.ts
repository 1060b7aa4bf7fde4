import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Db, Engine } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import { createCardRepository } from './features/cards/card.repository.ts';
import { createLeadRepository } from './features/leads/lead.repository.ts';
import { createLinkRepository } from './features/profiles/link.repository.ts';
import { createProfileRepository } from './features/profiles/profile.repository.ts';
import { createProfileStamps } from './features/profiles/profile-stamps.ts';
import { createRateCounterRepository } from './db/rate-counter.repository.ts';
import { createLocalInvalidation, type Invalidation } from './lib/invalidation.ts';
import type { Storage } from './storage/storage.ts';
import { createTimeZoneRepository } from './auth/time-zone.repository.ts';
import { createAccountService } from './features/account/account.service.ts';
import { createAccountRepository } from './features/account/account.repository.ts';
import { createAccountExportRepository } from './features/account/account-export.repository.ts';
import { createCardService } from './features/cards/card.service.ts';
import { createContactService } from './features/leads/contact.service.ts';
import { createLeadService } from './features/leads/lead.service.ts';
import { createLeadRetention } from './features/leads/lead-retention.ts';
import { createLeadDeletionLinks } from './features/leads/lead-deletion-link.ts';
import { createPageTexts } from './features/public-pages/page-texts.ts';
import { createDownloadService } from './features/public-pages/download.service.ts';
import { createLinkService } from './features/profiles/link.service.ts';
import { createMediaService } from './features/profiles/media.service.ts';
import { createDecodeSlots } from './images/decode-slots.ts';
import { createProfileService } from './features/profiles/profile.service.ts';
import { createPublicProfileService } from './features/profiles/public-profile.service.ts';
import { createRateLimiter, type RateCounterStore } from './lib/rate-limiter.ts';
import { createProfileJsonCache } from './features/profiles/profile-json.cache.ts';
import { createViewCounter } from './features/stats/view-counter.ts';
import { createVisitCountRepository } from './features/stats/visit-count.repository.ts';
import { createStatsService } from './features/stats/stats.service.ts';
import { createVisitService } from './features/stats/visit.service.ts';
import { visitRows } from './features/stats/visit-counts.ts';
import { createWalletServices } from './features/wallet/wallet-services.ts';
import { createBackgroundService } from './features/backgrounds/background.service.ts';
import { createSignatureService } from './features/signatures/signature.service.ts';
import { createPublicPageService } from './features/public-pages/public-page.service.ts';
import { createWebhookRepository } from './features/integrations/webhook.repository.ts';
import { createWebhookSecretBox } from './features/integrations/webhook-signing.ts';
import { createIntegrationServices } from './features/integrations/integration-services.ts';
import { createOperatorService } from './features/operator/operator.service.ts';
import { createVerificationMailSender } from './auth/verification-mail.ts';
import { createOperatorRepository } from './features/operator/operator.repository.ts';
import { createInventoryRepository } from './features/operator/inventory.repository.ts';
import { createBundleBuilder } from './features/operator/batch-bundle.ts';
import { createOrganisationRepository } from './features/organisations/organisation.repository.ts';
import { createOrganisationService } from './features/organisations/organisation.service.ts';
import { createInvitationService } from './features/organisations/invitation.service.ts';
import { createTemplateRepository } from './features/organisations/template.repository.ts';
import { createTemplateService } from './features/organisations/template.service.ts';
import { createOffboarding } from './features/organisations/offboarding.ts';
import { createOrganisationCardService } from './features/organisations/organisation-card.service.ts';
import { createOrganisationAccountDeletion } from './features/organisations/account-deletion.ts';
import { createAccountDeletionRepository } from './features/organisations/account-deletion.repository.ts';
import { createOrganisationLeadService } from './features/organisations/organisation-leads.service.ts';
import { createOrganisationStatsService } from './features/organisations/organisation-stats.service.ts';
import { createGroupStats } from './features/stats/group-stats.ts';
import { createOrganisationLeadRepository } from './features/organisations/organisation-lead.repository.ts';
import { createOrganisationCardRepository } from './features/organisations/organisation-card.repository.ts';
import { createScimRepository } from './features/scim/scim.repository.ts';
import { createScimTokenService } from './features/scim/scim-token.service.ts';
import { createScimUserService } from './features/scim/scim-user.service.ts';
import { createScimGroupService } from './features/scim/scim-group.service.ts';
import { createScimMemberSync } from './features/scim/scim-templates.ts';
import { createScimJoin } from './features/scim/scim-join.ts';
import { createMemberTemplateService } from './features/organisations/member-template.service.ts';
import { createBrandRepository } from './features/organisations/brand.repository.ts';
import { createBrandChange, createBrandService } from './features/organisations/brand.service.ts';
import { createDomainRepository } from './features/organisations/domain.repository.ts';
import { createDomainService, type TxtResolver } from './features/organisations/domain.service.ts';
import { createCaptureServices } from './features/capture/capture-services.ts';
import { createOutbox } from './outbox/outbox.ts';
import { createPageDomainServices, txtResolverFor } from './features/page-domains/page-domain-services.ts';
import { createTapServices } from './features/taps/tap-services.ts';

/**
 * The one file that wires the features together (issue 21): builds every feature's repositories and services once and hands each feature the services
 * of the others it needs. With Redis, `invalidation` carries changes between instances and `rateStore` counts limits there (else single-instance ways).
 */
export function createServices(deps: {
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
}) {
  const { config, db, storage, mailer, log, authSecret, auth } = deps;
  const { publicUrl } = config;
  // Issue 34: the one way a change reaches the outside (features write messages in their changes' transactions and handle their types). Issue
  // 25: leads, profiles, cards and organisations write their webhook events (deliveries with their messages) inside their own transactions;
  // an event of a company profile (issue 24's templates) reaches its organisation's webhooks too. Secrets are stored encrypted.
  const outbox = createOutbox({ db, engine: deps.engine, log });
  const templates = createTemplateRepository(db);
  const webhooks = createWebhookRepository(db, deps.engine, createWebhookSecretBox(authSecret), templates.organisationOfCompanyProfile, outbox);
  const invalidation = deps.invalidation ?? createLocalInvalidation();
  const profileStamps = createProfileStamps(invalidation);
  const profiles = createProfileRepository(db, profileStamps, webhooks.outbox, outbox);
  const links = createLinkRepository(db);
  const cards = createCardRepository(db, webhooks.outbox);
  const leads = createLeadRepository(db, webhooks.outbox);
  const visitCounts = createVisitCountRepository(db);
  const timeZones = createTimeZoneRepository(db);
  // Limits on everything that sends mail or costs CPU, counted where every instance sees them.
  const databaseCounters = createRateCounterRepository(db);
  const rateLimiter = createRateLimiter(deps.rateStore ? deps.rateStore(databaseCounters) : databaseCounters);
  // Per process: at most one image decode per core at once (memory), a short queue behind.
  const decodeSlots = createDecodeSlots();

  // D10: views are counted in memory and written every 100 ms (see view-counter.ts: a crash loses at most that plus one
  // write, under 200 ms), with the hourly aggregates of issue 12 in the same transaction.
  const views = createViewCounter({
    flushMs: 100,
    write: async ({ profiles: profileViews, cards: cardViews, visits }) => {
      await db.transaction().execute(async (trx) => {
        // Profile rows before card rows, as every profile change takes them (profiles.change bumps the stamps first, then a
        // card assignment writes the card): one lock order, so a flush and an owner's change never wait on each other in a circle.
        await visitCounts.add(visitRows(visits), trx);
        await profiles.addViews(profileViews, trx);
        await cards.addScans(cardViews, trx);
      });
      // The counts just written are no longer pending: remembered stamps must show them now.
      for (const id of profileViews.keys()) profiles.forget(id);
    },
    onError: (error) => log.error({ err: error }, 'could not write view counts; retrying'),
  });
  const jsonCache = createProfileJsonCache();
  // Issue 24: organisations before profiles, whose rules ask the templates what a profile locks.
  const organisations = createOrganisationRepository(db, webhooks.outbox);
  const leadService = createLeadService({ leads, deletionLinks: createLeadDeletionLinks(authSecret), timeZones, rateLimiter });
  const orgCards = createOrganisationCardRepository(db, webhooks.outbox);
  const offboard = createOffboarding({ organisations, templates, cards: orgCards, leads: leadService, profiles });
  // Issue 24 with 26: a new brand changes every company profile (stamps bumped), whose pages read it on a render.
  const brands = createBrandRepository(db);
  const brandChange = createBrandChange({ brands, profiles });
  const organisationService = createOrganisationService({ organisations, templates, offboard, brandChange });
  const brandService = createBrandService({ brands, change: brandChange, organisationService, storage, decodeSlots, rateLimiter, log });
  const resolveTxt = deps.resolveTxt ?? txtResolverFor(config.dnsServers);
  const { pageOrigins, withOrigins, ...pageHosting } = createPageDomainServices({ db, invalidation, rateLimiter, organisationService, publicUrl, resolveTxt });
  const pageBrands = withOrigins(brandService.forProfiles);
  const templateService = createTemplateService({ templates, profiles, companyLinks: links, organisationService });
  const profileService = createProfileService({ profiles, links, views, jsonCache, rateLimiter, templates: templateService.forProfiles, brands: pageBrands });
  const visits = createVisitService({ visits: visitCounts, profiles, views });
  const publicProfiles = createPublicProfileService({ profiles, links, visits, jsonCache, brands: pageBrands });
  const downloads = createDownloadService({ publicUrl: config.publicUrl, publicProfiles, storage, visits });
  const texts = createPageTexts();
  const issuer = { name: config.issuerName, email: config.supportEmail };
  // Issue 33: an organisation's card shows only its holder's company profiles of that organisation.
  const companyProfilesOf = async (organisationId: string, userId: string) => (await templates.companyProfiles(organisationId, userId)).map((p) => p.profileId);
  const cardService = createCardService({ publicUrl, cards, profiles, profileService, publicProfiles, views, visits, rateLimiter, companyProfilesOf });
  // D11 and issue 26: passes, Apple's web service and the Google updates, told of every profile change (the outbox's profiles.changed).
  const walletServices = createWalletServices({ config, cards, profiles, storage, visits, rateLimiter, log, authSecret, db, outbox, pageOrigins });
  const inventory = createInventoryRepository(db);
  const bundles = createBundleBuilder({ inventory, storage, publicUrl: config.publicUrl, log });
  const scim = createScimRepository(db);
  const memberTemplates = createMemberTemplateService({ organisations, templates, profiles, companyLinks: links, organisationService });
  const syncTemplates = createScimMemberSync({ scim, memberTemplates, profiles: profileService, log });
  // Issue 27: claimed e-mail domains, and who joins at a company sign-in (server/app.ts hands `scimJoin` to auth).
  const organisationDomains = createDomainService({ domains: createDomainRepository(db, organisations), organisationService, rateLimiter, resolveTxt });
  const scimJoin = createScimJoin({ scim, memberTemplates, profiles: profileService, domains: organisationDomains, log });
  const invitations = createInvitationService({
    publicUrl: config.publicUrl,
    organisations,
    organisationService,
    mailer,
    rateLimiter,
    companySignIn: config.oidc && { label: config.oidc.buttonLabel },
    joined: scimJoin.memberJoined,
  });
  const captureDeps = { publicUrl, rateLimiter, decodeSlots, publicProfiles, cards: cardService, db, leads, organisationService, outbox, mailer };
  const operators = createOperatorRepository(db);
  // Issue 38: SUN keys of batches, every tap judged, the clone alerts mailed to the operators.
  const taps = createTapServices({ db, config, authSecret, mailer, rateLimiter, log, cardExists: cardService.exists, grants: operators.listGrants });
  return {
    outbox, // Started by app.ts, stopped on close: the worker of every message that leaves the server.
    rateLimiter,
    decodeSlots,
    ...pageHosting,
    // Issue 36: capture, captureSave and the OCR engines (ocrPool; app.ts ends them on close).
    ...createCaptureServices({ ...captureDeps, leadService, downloads, retentionDays: config.leadsRetentionDays }),
    profiles: profileService,
    links: createLinkService({ profiles, links, templates: templateService.forProfiles }),
    publicProfiles,
    cards: cardService,
    media: createMediaService({ profiles, storage, decodeSlots, rateLimiter, log }),
    downloads,
    /** The public pages (D16), rendered and kept per profile change and language. */
    pages: createPublicPageService({ publicUrl, publicProfiles, cards: cardService, visits, texts, issuer }),
    taps,
    views,
    visits,
    stats: createStatsService({ profiles, links, visits: visitCounts, timeZones, captures: leads }),
    /** The passes (D11), Apple's web service for them and the updates of saved Google passes (issue 26: outbox messages). */
    ...walletServices,
    /** Video-call backgrounds of an owner's profiles (issue 26). */
    backgrounds: createBackgroundService({ publicUrl: config.publicUrl, profiles, storage, rateLimiter, decodeSlots, brands: pageBrands }),
    /** E-mail signatures of an owner's profiles and their link icons (issue 26). */
    signatures: createSignatureService({ publicUrl: config.publicUrl, profiles: profileService, texts, brands: pageBrands, storage, decodeSlots }),
    contacts: createContactService({
      publicUrl: config.publicUrl,
      leads,
      profiles,
      publicProfiles,
      downloads,
      mailer,
      rateLimiter,
      texts,
      leadService,
      visits,
      cards: cardService,
    }),
    leads: leadService,
    /** Started by app.ts, stopped on close. */
    leadRetention: createLeadRetention({ leads, retentionDays: config.leadsRetentionDays, log }),
    ...createIntegrationServices({
      db,
      webhooks,
      rateLimiter,
      allowHttp: config.webhooks.allowHttp,
      allowPrivate: config.webhooks.allowPrivate,
      organisationAdmin: async (owner, organisationId) => void (await organisationService.access(owner, organisationId, 'admin')),
      organisationAudit: organisationService.auditWriter,
      outbox,
      worker: { mailer, publicUrl: config.publicUrl, log, organisationAdmins: organisations.admins },
    }),
    /** Issue 28: the operator's console; its bundle builds are stopped on close (app.ts). */
    operator: createOperatorService({
      publicUrl: config.publicUrl,
      operatorEmails: config.operatorEmails,
      operators,
      sunKeys: taps,
      inventory,
      cards: cardService,
      bundles,
      storage,
      mailer,
      rateLimiter,
      sendVerificationMail: createVerificationMailSender(auth),
      domains: organisationDomains,
      pageDomains: pageHosting.pageDomains,
    }),
    bundles,
    /** Issue 24: organisations, members, roles and the offboarding. */
    organisations: organisationService,
    templates: templateService,
    /** Issue 24 with 26: the organisation's logo, and its brand on the company profiles' pages. */
    brand: brandService,
    /** Issue 24: the organisation's cards, registered in bulk and assigned to members. */
    organisationCards: createOrganisationCardService({ organisationService, organisations, templates, cards: orgCards, profiles, rateLimiter }),
    /** Issue 24: the organisation's leads (its members' company profiles) for its admins. */
    organisationLeads: createOrganisationLeadService({
      organisationService,
      organisations,
      templates,
      leads: createOrganisationLeadRepository(db),
      leadMove: leadService,
      profiles,
      timeZones,
      rateLimiter,
    }),
    /** Issue 24: the organisation's statistics per member, card and source. */
    organisationStats: createOrganisationStatsService({
      organisationService,
      organisations,
      templates,
      cards: orgCards,
      groupStats: createGroupStats({ visits: visitCounts }),
      timeZones,
      captures: createOrganisationLeadRepository(db),
    }),
    invitations,
    organisationDomains,
    scimJoin,
    scimTokens: createScimTokenService({ scim, organisations: organisationService, rateLimiter, publicUrl: config.publicUrl }),
    scimUsers: createScimUserService({ scim, organisations: organisationService, invitations, memberTemplates, syncTemplates, log }),
    scimGroups: createScimGroupService({ scim, syncTemplates }),
    account: createAccountService({
      auth,
      accounts: createAccountRepository(db, profiles),
      exports: createAccountExportRepository(db),
      storage,
      mailer,
      rateLimiter,
      log,
      timeZones,
      // Issue 24: the last owner hands over first; the only member takes the organisation along; others leave it.
      deletionHooks: createOrganisationAccountDeletion({ rows: createAccountDeletionRepository(db, webhooks.outbox), cards: orgCards, endpoints: webhooks }),
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
