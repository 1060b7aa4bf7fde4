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
// The rows that features lend each other (issue 21's slices, typed in their index.ts): built here, before the features that read them.
import { createCardRepository } from './features/cards/card.repository.ts';
import { createLeadRepository } from './features/leads/lead.repository.ts';
import { createLinkRepository } from './features/profiles/link.repository.ts';
import { createProfileRepository } from './features/profiles/profile.repository.ts';
import { createProfileStamps } from './features/profiles/profile-stamps.ts';
import { createTemplateRepository } from './features/organisations/template.repository.ts';
import { createWebhookRepository } from './features/integrations/webhook.repository.ts';
import { createWebhookSecretBox } from './features/integrations/webhook-signing.ts';
import { createCrmRows } from './features/crm/crm.feature.ts';
import { createOperatorRepository } from './features/operator/operator.repository.ts';
import type { TxtResolver } from './features/organisations/domain.service.ts';
import type { LeadTransfer } from './features/leads/index.ts';
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
 * The one composition file (issues 21 and 34): builds the platform pieces, the rows features lend
 * each other, then every feature in an explicit order, handing each only the services of features
 * built before it. Answers the features in that order (server/app.ts registers their routes and
 * runs their lifecycles so) and their services by name (for main.ts, the lifecycle and tests).
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

  // Lent rows. Issue 25: leads, profiles, cards and organisations write their webhook events inside their transactions (a company profile's
  // reach its organisation's webhooks too; secrets stored encrypted). Issue 37: a lead's change also marks its CRM sync there (same box).
  const templates = createTemplateRepository(db);
  const webhooks = createWebhookRepository(db, deps.engine, createWebhookSecretBox(authSecret), templates.organisationOfCompanyProfile, outbox);
  const crmRows = createCrmRows({ db, box: createWebhookSecretBox(authSecret), outbox, organisationOf: templates.organisationOfCompanyProfile });
  const profileRows = createProfileRepository(db, createProfileStamps(invalidation), webhooks.outbox, outbox);
  const linkRows = createLinkRepository(db);
  const cardRows = createCardRepository(db, webhooks.outbox);
  const leadRows = createLeadRepository(db, crmRows.leadEvents(webhooks.outbox));
  const operatorRows = createOperatorRepository(db);

  // The two calls against the order, made at request time only: the organisations' offboarding moves leads (the leads feature needs the
  // cards, built after the organisations), and an accepted invitation tells SCIM (which needs the organisations' invitations).
  const later: { leads?: ReturnType<typeof createLeadsFeature>; scim?: ReturnType<typeof createScimFeature> } = {};
  const leadTransfer: LeadTransfer = { moveToProfile: (...args) => later.leads!.services.leads.moveToProfile(...args) };

  // 1. Statistics: the view counter every counted page reports to, the visits, the group sums.
  const stats = createStatsFeature({ ...platform, profiles: profileRows, cards: cardRows, links: linkRows, captures: leadRows });
  const { views, visits } = stats.services;
  // 2. Organisations (issue 24), before profiles, whose rules ask the templates what a profile locks.
  const organisations = createOrganisationsFeature({
    ...platform,
    templates,
    profiles: profileRows,
    companyLinks: linkRows,
    webhooks,
    groupStats: stats.services.groupStats,
    leads: leadTransfer,
    joined: (...args) => later.scim!.services.scimJoin.memberJoined(...args),
  });
  const { organisations: organisationService, brand, organisationDomains } = organisations.services;
  // 3. Page hosts (issue 39); the company profiles' brand with the address their pages are shared under.
  const pageDomains = createPageDomainsFeature({ ...platform, invalidation, organisationService });
  const pageBrands = pageDomains.services.withOrigins(brand.forProfiles);
  // 4. Profiles.
  const profiles = createProfilesFeature({
    ...platform,
    profiles: profileRows,
    links: linkRows,
    views,
    visits,
    templates: organisations.services.templates.forProfiles,
    brands: pageBrands,
  });
  const { profiles: profileService, publicProfiles } = profiles.services;
  // 5. Cards (issue 33: an organisation's card shows only its holder's company profiles of that organisation).
  const cards = createCardsFeature({
    ...platform,
    cards: cardRows,
    profiles: profileRows,
    profileService,
    publicProfiles,
    views,
    visits,
    companyProfilesOf: organisations.services.companyProfilesOf,
  });
  const cardService = cards.services.cards;
  // 6. Taps (issue 38): SUN keys of batches, every tap judged, the clone alerts mailed to the operators.
  const taps = createTapsFeature({ ...platform, cardExists: cardService.exists, grants: operatorRows.listGrants });
  // 7. The public pages (D16) and downloads.
  const issuer = { name: config.issuerName, email: config.supportEmail };
  const publicPages = createPublicPagesFeature({ ...platform, issuer, publicProfiles, cards: cardService, visits, taps: taps.services.taps });
  const { downloads, texts } = publicPages.services;
  // 8. Wallet passes (D11, issue 26), told of every profile change (the outbox's profiles.changed).
  const wallet = createWalletFeature({ ...platform, cards: cardRows, profiles: profileRows, visits, outbox, pageOrigins: pageDomains.services.pageOrigins });
  // 9. The operator's console (issue 28).
  const operator = createOperatorFeature({
    ...platform,
    operatorEmails: config.operatorEmails,
    operators: operatorRows,
    cards: cardService,
    taps: taps.services.taps,
    sendVerificationMail: createVerificationMailSender(deps.auth),
    domains: organisationDomains,
    pageDomains: pageDomains.services.pageDomains,
  });
  // 10. Leads: the owner's, the contact exchange (D5), the deletion link and the retention.
  const leads = (later.leads = createLeadsFeature({
    ...platform,
    retentionDays: config.leadsRetentionDays,
    leads: leadRows,
    profiles: profileRows,
    publicProfiles,
    downloads,
    texts,
    pages: publicPages.services.pages,
    visits,
    cards: cardService,
    taps: taps.services.taps,
  }));
  // 11. Capture (issue 36), and its follow-up mail through the outbox and the mailer (with the lead's deletion link and the owner's vCard).
  const capture = createCaptureFeature({
    ...platform,
    publicProfiles,
    cards: cardService,
    leads: leadRows,
    organisationService,
    outbox,
    leadService: leads.services.leads,
    downloads,
    retentionDays: config.leadsRetentionDays,
  });
  // 12. SCIM (issue 27), and who joins at a company sign-in.
  const scim = (later.scim = createScimFeature({
    ...platform,
    organisations: organisationService,
    invitations: organisations.services.invitations,
    memberTemplates: organisations.services.memberTemplates,
    domains: organisationDomains,
    profiles: profileService,
  }));
  // 13. Integrations (issue 25): webhooks, API tokens, the deliveries.
  const integrations = createIntegrationsFeature({
    ...platform,
    webhooks,
    allowHttp: config.webhooks.allowHttp,
    allowPrivate: config.webhooks.allowPrivate,
    organisationAdmin: async (owner: Owner, organisationId: string) => void (await organisationService.access(owner, organisationId, 'admin')),
    organisationAudit: organisationService.auditWriter,
    outbox,
    worker: { mailer, publicUrl, log, organisationAdmins: organisations.services.organisationAdmins },
  });
  // 14. CRM connectors (issue 37).
  const crm = createCrmFeature({ ...platform, rows: crmRows, organisationService, organisationAdmins: organisations.services.organisationAdmins, outbox });
  // 15–17. Backgrounds and signatures (issue 26), the account (its deletion asks the organisations).
  const backgrounds = createBackgroundsFeature({ ...platform, profiles: profileRows, brands: pageBrands });
  const signatures = createSignaturesFeature({ ...platform, profiles: profileService, texts, brands: pageBrands });
  const account = createAccountFeature({ ...platform, auth: deps.auth, profiles: profileRows, deletionHooks: organisations.services.accountDeletion });

  const features: Feature[] = [
    stats,
    organisations,
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
    integrations,
    crm,
  ];
  features.push(backgrounds, signatures, account);
  return {
    /** Started by app.ts after the features, stopped first on close: the worker of every message that leaves the server. */
    platform: { outbox, rateLimiter, decodeSlots },
    features,
    services: {
      stats: stats.services,
      organisations: organisations.services,
      pageDomains: pageDomains.services,
      profiles: profiles.services,
      cards: cards.services,
      taps: taps.services,
      publicPages: publicPages.services,
      wallet: wallet.services,
      operator: operator.services,
      leads: leads.services,
      capture: capture.services,
      scim: scim.services,
      integrations: integrations.services,
      crm: crm.services,
      backgrounds: backgrounds.services,
      signatures: signatures.services,
      account: account.services,
    },
  };
}
export type Composition = ReturnType<typeof createFeatures>;
/** Every feature's services by name: `app.features` (main.ts, app.ts's lifecycle, tests), never a feature's route. */
export type FeatureServices = Composition['services'];
/** The platform pieces tests and the lifecycle reach: `app.platform`. */
export type Platform = Composition['platform'];
