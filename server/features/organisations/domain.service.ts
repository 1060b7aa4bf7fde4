import { resolveTxt } from 'node:dns/promises';
import { TeamErrorCode } from '../../../shared/error-codes.ts';
import {
  DOMAIN_CLAIM_DAYS,
  DOMAIN_MAX_PER_ORGANISATION,
  type DomainBody,
  type OrganisationDomain,
} from '../../../shared/schemas/organisation-domain.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OrganisationAuditTable, OrganisationDomainTable } from '../../db/tables.ts';
import { badInput, conflict, notFound } from '../../http/errors.ts';
import { newAuditId, randomId } from '../../lib/ids.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { DomainRepository } from './domain.repository.ts';
import { isFreeMailDomain } from './free-mail.ts';
import { auditEntry, type OrganisationService } from './organisation.service.ts';

/** Each verification costs a DNS lookup: at most this many per organisation and hour, on every instance. */
export const DOMAIN_VERIFY_RULE: RateRule = { name: 'domain-verify', max: 30, windowMs: 3_600_000 };
/** The TXT records of a host name, each as its strings (node:dns/promises `resolveTxt`). */
export type TxtResolver = (hostname: string) => Promise<string[][]>;

export const txtNameOf = (domain: string) => `_contactcards.${domain}`;
const txtValueOf = (token: string) => `contactcards-verification=${token}`;
const CLAIM_MS = DOMAIN_CLAIM_DAYS * 86_400_000;
const present = (row: OrganisationDomainTable): OrganisationDomain => ({
  domain: row.domain,
  txtName: txtNameOf(row.domain),
  txtValue: txtValueOf(row.token),
  verified: row.verified,
  verifiedBy: row.verifiedBy,
  expires: row.verified === null ? row.created + CLAIM_MS : null,
});
const domainNotFound = () =>
  notFound(TeamErrorCode.domainNotFound, `This organisation has not claimed that domain, or its claim expired unproved after ${DOMAIN_CLAIM_DAYS} days.`);
const domainTaken = () => conflict(TeamErrorCode.domainTaken, 'Another organisation has proved that this domain is theirs.');

/**
 * Issue 27, company sign-in by e-mail domain (docs/teams.md): owners and admins claim domains
 * and prove them with a DNS TXT record (or an operator does); a company sign-in (OIDC) with a
 * verified address of a verified domain joins an account that belongs to no organisation yet.
 */
export function createDomainService(deps: {
  domains: DomainRepository;
  organisationService: OrganisationService;
  rateLimiter: RateLimiter;
  /** The DNS lookup; tests give a stand-in. */
  resolveTxt?: TxtResolver;
}) {
  const { domains, organisationService, rateLimiter } = deps;
  const resolve = deps.resolveTxt ?? resolveTxt;

  /** Issue 33: a free-mail provider's domain (or a subdomain of one) is 400 naming `domain`. */
  async function refuseFreeMail(domain: string) {
    if (await isFreeMailDomain(domain)) throw badInput('domain', 'is a free-mail provider (or one of its subdomains) anyone can have an address at');
  }
  /** Issue 33: unverified claims hold nothing and expire after DOMAIN_CLAIM_DAYS; every read of claims first drops the expired ones. */
  const dropExpired = () => domains.dropExpired(Date.now() - CLAIM_MS);
  /** The organisation's live claim of `domain`, or 404. */
  async function claimOf(organisationId: string, domain: string) {
    await dropExpired();
    const row = await domains.find(organisationId, domain);
    if (!row) throw domainNotFound();
    return row;
  }
  /** Marks a claim verified, or the 404 / 409 of a claim gone or a domain another organisation proved first. */
  async function markVerified(row: OrganisationDomainTable, by: 'dns' | 'operator', entry: OrganisationAuditTable) {
    const outcome = await domains.markVerified(row.organisationId, row.domain, by, entry);
    if (outcome === 'gone') throw domainNotFound();
    if (outcome === 'taken') throw domainTaken();
    return { ...present(row), verified: entry.created, verifiedBy: by, expires: null };
  }
  /** The TXT values at the domain's record name; none when the name does not exist. */
  async function txtValues(domain: string): Promise<string[] | 'failed'> {
    try {
      return (await resolve(txtNameOf(domain))).map((chunks) => chunks.join('').trim());
    } catch (error) {
      const code = (error as { code?: string }).code;
      return code === 'ENODATA' || code === 'ENOTFOUND' ? [] : 'failed';
    }
  }

  return {
    async list(actor: Owner, organisationId: string) {
      const m = await organisationService.access(actor, organisationId, 'admin');
      await dropExpired();
      return { domains: (await domains.list(m.organisationId)).map(present) };
    },
    /**
     * Claims a domain (again: the same claim). Issue 33: a claim holds nothing until verified, so
     * other organisations' unproved claims do not stand in the way; 409 when another organisation
     * verified it, or at the limit.
     */
    async claim(actor: Owner, input: DomainBody) {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      await refuseFreeMail(input.domain);
      await dropExpired();
      const existing = await domains.find(m.organisationId, input.domain);
      if (existing) return present(existing);
      const now = Date.now();
      const row: OrganisationDomainTable = {
        domain: input.domain,
        organisationId: m.organisationId,
        token: randomId(32),
        verified: null,
        verifiedBy: null,
        created: now,
      };
      const outcome = await domains.claim(row, DOMAIN_MAX_PER_ORGANISATION, auditEntry(m, 'domain.claim', input.domain, '', now));
      if (outcome === 'taken') throw domainTaken();
      if (outcome === 'limit') throw conflict(TeamErrorCode.domainLimit, `An organisation may claim at most ${DOMAIN_MAX_PER_ORGANISATION} domains.`);
      if (outcome === 'exists') return present((await domains.find(m.organisationId, input.domain)) ?? row);
      return present(row);
    },
    /** Looks the TXT record up: verified when one equals the claim's value, else 409 saying what to add. */
    async verify(actor: Owner, input: DomainBody) {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      const row = await claimOf(m.organisationId, input.domain);
      if (row.verified !== null) return present(row);
      await rateLimiter.consume([[DOMAIN_VERIFY_RULE, m.organisationId]], 'Too many domain checks for this organisation; try again later.');
      const answer = present(row);
      const values = await txtValues(row.domain);
      if (values === 'failed' || !values.includes(answer.txtValue)) {
        const found = values === 'failed' ? 'the DNS lookup failed' : values.length ? 'other TXT records were found' : 'no TXT record was found';
        throw conflict(
          TeamErrorCode.domainNotVerified,
          `Not verified: ${found} at ${answer.txtName}. Add a TXT record there with the value ${answer.txtValue}; DNS changes can take a while to appear.`,
        );
      }
      return markVerified(row, 'dns', auditEntry(m, 'domain.verify', row.domain, 'dns'));
    },
    async remove(actor: Owner, input: DomainBody) {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      if (!(await domains.remove(m.organisationId, input.domain, auditEntry(m, 'domain.remove', input.domain)))) throw domainNotFound();
      return { domain: input.domain, removed: true as const };
    },
    /** An operator's proof (their console checks the role and records it in the operator audit log). */
    async verifyByOperator(operator: Owner, input: DomainBody) {
      await refuseFreeMail(input.domain);
      const row = await claimOf(input.organisationId, input.domain);
      return markVerified(row, 'operator', auditEntry({ organisationId: row.organisationId, actor: operator }, 'domain.verify', row.domain, 'operator'));
    },
    /**
     * Issue 33: an operator releases an organisation's claim, verified or not (a company shows
     * that a domain proved by another is theirs), or without `organisationId` the verified claim
     * that holds the domain: it goes, audited in the organisation's log (`domain.release`) as the
     * operator console records it in its own.
     */
    async releaseByOperator(operator: Owner, input: { organisationId?: string; domain: string }) {
      const row = input.organisationId ? await claimOf(input.organisationId, input.domain) : await domains.verifiedClaim(input.domain);
      if (!row) throw notFound(TeamErrorCode.domainNotFound, 'No organisation has verified that domain.');
      const entry = auditEntry({ organisationId: row.organisationId, actor: operator }, 'domain.release', row.domain, 'operator');
      if (!(await domains.remove(row.organisationId, row.domain, entry))) throw domainNotFound();
      return { domain: row.domain, organisationId: row.organisationId, removed: true as const };
    },
    /**
     * After a company sign-in with a verified address: the account joins the organisation that
     * verified the address's domain as a member, unless it belongs to an organisation already.
     */
    async joinByVerifiedDomain(userId: string, email: string): Promise<'joined' | 'none' | 'member-elsewhere' | 'gone'> {
      const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
      const row = email.includes('@') ? await domains.verifiedClaim(domain) : undefined;
      if (!row) return 'none';
      const now = Date.now();
      const entry: OrganisationAuditTable = {
        id: newAuditId(now),
        organisationId: row.organisationId,
        actorEmail: email,
        action: 'member.join-domain',
        target: email,
        detail: domain,
        created: now,
      };
      return domains.join(row.organisationId, userId, entry);
    },
  };
}
export type DomainService = ReturnType<typeof createDomainService>;
