import { ErrorCode } from '../../../shared/error-codes.ts';
import {
  INVENTORY_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type BatchCreateBody,
  type CardActionBody,
  type CardMoveBody,
  type FleetStats,
  type InventoryPage,
  type InventoryQuery,
} from '../../../shared/schemas/operator.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { AppError, badInput, conflict, notFound } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import { accountLanguage } from '../../mail/mail-language.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Storage } from '../../storage/storage.ts';
import type { CardService } from '../cards/index.ts';
import type { DomainService } from '../organisations/index.ts';
import type { PageDomainService } from '../page-domains/index.ts';
import type { TapService } from '../taps/index.ts';
import type { SunBundle } from '../../../shared/schemas/tap.schema.ts';
import type { OperatorDomainBody, OperatorDomainRelease } from '../../../shared/schemas/organisation-domain.schema.ts';
import type { OperatorPageDomainBody } from '../../../shared/schemas/operator.schema.ts';
import type { BundleBuilder } from './batch-bundle.ts';
import type { InventoryRepository } from './inventory.repository.ts';
import { cardMail, type CardMailKind } from './operator-mails.ts';
import { presentAuditEntry, presentBatch, presentInventoryCard } from './operator.presenter.ts';
import type { AccountRow, OperatorRepository } from './operator.repository.ts';

/** Support actions send mail: at most this many per operator and hour, counted on every instance. */
export const SUPPORT_ACTION_RULE: RateRule = { name: 'operator-action', max: 300, windowMs: 3_600_000 };
/** Batches cost CPU and storage: at most this many per operator and hour. */
export const BATCH_RULE: RateRule = { name: 'operator-batch', max: 20, windowMs: 3_600_000 };
/**
 * Verification mails an operator may resend to one account, per hour, whoever asks: each lands
 * in a person's mailbox, and a fourth within the hour would not be read either.
 */
export const RESEND_VERIFICATION_RULE: RateRule = { name: 'operator-resend-verification', max: 3, windowMs: 3_600_000 };
/** The statistics' day series cover this many days. */
const STATS_DAYS = 90;
const AUDIT_PAGE_SIZE = 100;

/** Who may open the console: `none` (the caller sees 404), an operator without a second factor (403), or granted. */
export type OperatorAccess = 'none' | 'second-factor' | 'granted';

const cardNotFound = () => notFound(ErrorCode.cardNotFound, 'This card does not exist.');

/**
 * Issue 28, the operator's console: role checks, the inventory, support actions with their
 * mails, batches, fleet statistics and the audit log. Every action and every view of an
 * owner's e-mail is recorded with the operator, the target and the reason.
 */
export function createOperatorService(deps: {
  publicUrl: string;
  operatorEmails: string[];
  operators: OperatorRepository;
  inventory: InventoryRepository;
  cards: CardService;
  bundles: BundleBuilder;
  storage: Storage;
  mailer: Mailer;
  /** Issue 38: the SUN keys of a batch with `sun`. */
  sunKeys: Pick<TapService, 'checkEncoding' | 'createBatchKeys'>;
  rateLimiter: RateLimiter;
  /** better-auth's verification mail to an address (server/auth/verification-mail.ts). */
  sendVerificationMail: (email: string) => Promise<void>;
  /** Issue 27: an organisation's e-mail domains, which an operator may mark verified or (issue 33) release. */
  domains: Pick<DomainService, 'verifyByOperator' | 'releaseByOperator'>;
  /** Issue 39: an organisation's page host, which an operator may verify by hand. */
  pageDomains: Pick<PageDomainService, 'verifyByOperator' | 'organisationOfHost'>;
}) {
  const { publicUrl, operators, inventory, cards, bundles, storage, mailer, rateLimiter, sendVerificationMail } = deps;
  const configured = new Set(deps.operatorEmails.map((e) => e.toLowerCase()));

  async function cardOrThrow(cardId: string) {
    const card = await inventory.find(cardId);
    if (!card) throw cardNotFound();
    return card;
  }
  const present = async (cardId: string) => ({ card: presentInventoryCard(await cardOrThrow(cardId)) });
  const record = (operator: Owner, action: AuditAction, target: string, reason: string) =>
    operators.record({ operator: operator.email, action, target, reason });
  const limitActions = (operator: Owner) =>
    rateLimiter.consume([[SUPPORT_ACTION_RULE, operator.userId]], 'Too many support actions in a short time. Please try again later.');

  async function mailAccount(account: AccountRow | undefined, kind: CardMailKind, cardId: string) {
    if (!account) return;
    const language = accountLanguage(account) ?? 'en';
    await mailer.send(cardMail(kind, { to: account.email, cardId, language, appUrl: publicUrl }));
  }
  const ownerAccount = async (cardId: string) => {
    const userId = await inventory.ownerOf(cardId);
    return userId ? operators.accountById(userId) : undefined;
  };

  return {
    async access(owner: Owner): Promise<OperatorAccess> {
      const email = owner.email.toLowerCase();
      // An unproven mailbox is nobody's: OPERATOR_EMAILS must not open to whoever signs up with it.
      if (!owner.emailVerified) return 'none';
      if (!configured.has(email) && !(await operators.isGranted(email))) return 'none';
      return (await operators.accountById(owner.userId))?.secondFactor ? 'granted' : 'second-factor';
    },

    async inventory(query: InventoryQuery): Promise<InventoryPage> {
      const rows = await inventory.page(query, INVENTORY_PAGE_SIZE + 1);
      const page = rows.slice(0, INVENTORY_PAGE_SIZE);
      return { cards: page.map((r) => presentInventoryCard(r)), nextCursor: rows.length > INVENTORY_PAGE_SIZE ? page[page.length - 1].id : null };
    },

    /** The owner's e-mail, recorded before it is answered. */
    async revealOwner(operator: Owner, { cardId, reason }: CardActionBody) {
      const userId = await inventory.ownerOf(cardId);
      if (userId === undefined) throw cardNotFound();
      await record(operator, 'view-owner', cardId, reason);
      return { cardId, email: userId ? ((await operators.accountById(userId))?.email ?? null) : null };
    },

    async block(operator: Owner, { cardId, reason }: CardActionBody, blocked: boolean) {
      await limitActions(operator);
      await cards.setBlocked(cardId, blocked);
      await record(operator, blocked ? 'block' : 'unblock', cardId, reason);
      await mailAccount(await ownerAccount(cardId), blocked ? 'blocked' : 'unblocked', cardId);
      return present(cardId);
    },

    /** Issue 27: marks an organisation's claimed domain verified (audited here and in the organisation's log). */
    async verifyDomain(operator: Owner, { organisationId, domain, reason }: OperatorDomainBody) {
      await limitActions(operator);
      const verified = await deps.domains.verifyByOperator(operator, { organisationId, domain });
      await record(operator, 'verify-domain', `${organisationId} ${domain}`, reason);
      return verified;
    },

    /** Issue 33: releases an organisation's claim of a domain, verified or not (audited here and in the organisation's log). */
    async releaseDomain(operator: Owner, { organisationId, domain, reason }: OperatorDomainRelease) {
      await limitActions(operator);
      const released = await deps.domains.releaseByOperator(operator, { organisationId, domain });
      await record(operator, 'release-domain', `${released.organisationId} ${domain}`, reason);
      return { domain: released.domain, removed: released.removed };
    },

    /** Issue 39: verifies an organisation's page host by hand (audited here and in the organisation's log). */
    async verifyPageDomain(operator: Owner, { organisationId, host, reason }: OperatorPageDomainBody) {
      await limitActions(operator);
      const verified = await deps.pageDomains.verifyByOperator(operator, { organisationId, host });
      await record(operator, 'verify-page-domain', `${organisationId} ${host}`, reason);
      return verified;
    },

    async reset(operator: Owner, { cardId, reason }: CardActionBody) {
      await limitActions(operator);
      const owner = await ownerAccount(cardId);
      await cards.resetAny(cardId);
      await record(operator, 'reset', cardId, reason);
      await mailAccount(owner, 'reset', cardId);
      return present(cardId);
    },

    async move(operator: Owner, { cardId, toEmail, reason }: CardMoveBody) {
      await limitActions(operator);
      await cardOrThrow(cardId);
      const to = await operators.accountByEmail(toEmail);
      if (!to) throw new AppError(404, ErrorCode.accountNotFound, 'toEmail: no account has this e-mail address.', 'toEmail');
      const from = await ownerAccount(cardId);
      if (from?.id === to.id) throw badInput('toEmail', 'the card belongs to this account already');
      await cards.moveTo(cardId, { userId: to.id, email: to.email, emailVerified: to.emailVerified }, accountLanguage(to) ?? 'en');
      await record(operator, 'move', cardId, reason);
      await mailAccount(from, 'moved-away', cardId);
      await mailAccount(to, 'moved-here', cardId);
      return present(cardId);
    },

    /**
     * The owner's verification mail again (a support ticket: "the mail never came"), the same
     * mail as the app's resend button sends. 409 for a card without owner or an owner whose
     * address is confirmed; at most {@link RESEND_VERIFICATION_RULE} per owner account.
     */
    async resendVerification(operator: Owner, { cardId, reason }: CardActionBody) {
      await limitActions(operator);
      const userId = await inventory.ownerOf(cardId);
      if (userId === undefined) throw cardNotFound();
      const owner = userId ? await operators.accountById(userId) : undefined;
      if (!owner) throw conflict(ErrorCode.cardWithoutOwner, 'This card has no owner: there is no address to confirm.');
      if (owner.emailVerified) throw conflict(ErrorCode.emailAlreadyVerified, "The owner's e-mail address is confirmed already.");
      await rateLimiter.consume(
        [[RESEND_VERIFICATION_RULE, owner.id]],
        'This account has been sent enough verification mails for now. Please try again in an hour.',
      );
      await sendVerificationMail(owner.email);
      await record(operator, 'resend-verification', cardId, reason);
      return present(cardId);
    },

    async createBatch(operator: Owner, { edition, count, label, sun, host }: BatchCreateBody): Promise<{ batchId: string; sun?: SunBundle }> {
      // Issue 39: a batch minted with an organisation's page host is printed and encoded with it.
      const origin = host ? `https://${host}` : undefined;
      if (sun) deps.sunKeys.checkEncoding(origin);
      await rateLimiter.consume([[BATCH_RULE, operator.userId]], 'Too many batches in a short time. Please try again later.');
      // Issue 39: minted with an organisation's verified page host, the cards are that organisation's.
      const organisationId = host ? await deps.pageDomains.organisationOfHost(host) : null;
      const batchId = randomId(12);
      await inventory.insertBatch({
        id: batchId,
        edition,
        label,
        count,
        created: Date.now(),
        createdBy: operator.email,
        bundleState: 'pending',
        bundleKey: null,
        pageHost: host ?? null,
      });
      const minted = await cards.mint(edition, count, batchId, organisationId);
      // Issue 38: the keys are stored sealed and answered this once, with the chip vendor's encoding bundle.
      const bundle =
        sun &&
        (await deps.sunKeys.createBatchKeys(
          batchId,
          sun,
          minted.map((c) => c.id),
          origin,
        ));
      const keys = !sun ? '' : sun.generate ? (sun.diversify ? ', SUN keys generated, diversified' : ', SUN keys generated') : ', SUN keys given';
      await record(operator, 'batch-create', batchId, `${count} × ${edition}: ${label}${keys}`);
      bundles.start(batchId);
      return bundle ? { batchId, sun: bundle } : { batchId };
    },

    async listBatches() {
      return { batches: (await inventory.listBatches(200)).map(presentBatch) };
    },

    /** The ZIP once ready; else 409 with the progress (and a build started here if none runs). */
    async bundle(batchId: string): Promise<{ fileName: string; data: Buffer }> {
      const batch = await inventory.findBatch(batchId);
      if (!batch) throw notFound(ErrorCode.notFound, 'This batch does not exist.');
      if (batch.bundleState === 'ready' && batch.bundleKey) {
        const stored = await storage.get(batch.bundleKey);
        if (stored) return { fileName: `cards-${batch.id}.zip`, data: stored.data };
      }
      // Pending (a shutdown stopped it), failed, or ready but gone from storage: build it (again) here.
      if (batch.bundleState !== 'building') bundles.start(batchId);
      const progress = presentBatch(batch).bundle;
      throw new AppError(409, ErrorCode.bundleNotReady, `The bundle is not ready yet (${progress.done} of ${progress.total} cards).`);
    },

    async stats(now = Date.now()): Promise<FleetStats> {
      const from = now - STATS_DAYS * 86_400_000;
      const [counts, byBatch, byEdition, byDay, scans] = await Promise.all([
        inventory.stateCounts(),
        inventory.activationsByBatch(),
        inventory.activationsByEdition(),
        inventory.activationsByDay(from),
        inventory.scansByDay(new Date(from).toISOString().slice(0, 10)),
      ]);
      return {
        cards: counts,
        activationsByBatch: byBatch,
        activationsByEdition: byEdition,
        activationsByDay: byDay,
        scansByDay: scans,
      };
    },

    async audit(cursor?: string): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
      const rows = await operators.auditPage(cursor, AUDIT_PAGE_SIZE + 1);
      const page = rows.slice(0, AUDIT_PAGE_SIZE).map(presentAuditEntry);
      return { entries: page, nextCursor: rows.length > AUDIT_PAGE_SIZE ? page[page.length - 1].id : null };
    },

    /** The whole log, newest first, for the CSV. */
    async auditAll(): Promise<AuditEntry[]> {
      const all: AuditEntry[] = [];
      let cursor: string | undefined;
      do {
        const rows = await operators.auditPage(cursor, 1000);
        all.push(...rows.map(presentAuditEntry));
        cursor = rows.length === 1000 ? rows[rows.length - 1].id : undefined;
      } while (cursor);
      return all;
    },
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
