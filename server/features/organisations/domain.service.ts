import { resolveTxt } from 'node:dns/promises';
import { TeamErrorCode } from '../../../shared/error-codes.ts';
import { DOMAIN_MAX_PER_ORGANISATION, type DomainBody, type OrganisationDomain } from '../../../shared/schemas/organisation-domain.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OrganisationAuditTable, OrganisationDomainTable } from '../../db/tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { newAuditId, randomId } from '../../lib/ids.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { DomainRepository } from './domain.repository.ts';
import { auditEntry, type OrganisationService } from './organisation.service.ts';

/** Each verification costs a DNS lookup: at most this many per organisation and hour, on every instance. */
export const DOMAIN_VERIFY_RULE: RateRule = { name: 'domain-verify', max: 30, windowMs: 3_600_000 };
/** The TXT records of a host name, each as its strings (node:dns/promises `resolveTxt`). */
export type TxtResolver = (hostname: string) => Promise<string[][]>;

export const txtNameOf = (domain: string) => `_contactcards.${domain}`;
const txtValueOf = (token: string) => `contactcards-verification=${token}`;
const present = (row: OrganisationDomainTable): OrganisationDomain => ({
  domain: row.domain,
  txtName: txtNameOf(row.domain),
  txtValue: txtValueOf(row.token),
  verified: row.verified,
  verifiedBy: row.verifiedBy,
});
const domainNotFound = () => notFound(TeamErrorCode.domainNotFound, 'This organisation has not claimed that domain.');

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

  /** The organisation's claim of `domain`, or 404. */
  async function claimOf(organisationId: string, domain: string) {
    const row = await domains.find(domain);
    if (!row || row.organisationId !== organisationId) throw domainNotFound();
    return row;
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
      return { domains: (await domains.list(m.organisationId)).map(present) };
    },
    /** Claims a domain (again: the same claim); 409 when another organisation has it or at the limit. */
    async claim(actor: Owner, input: DomainBody) {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      const existing = await domains.find(input.domain);
      if (existing?.organisationId === m.organisationId) return present(existing);
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
      if (outcome === 'taken') throw conflict(TeamErrorCode.domainTaken, 'Another organisation has claimed this domain.');
      if (outcome === 'limit') throw conflict(TeamErrorCode.domainLimit, `An organisation may claim at most ${DOMAIN_MAX_PER_ORGANISATION} domains.`);
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
      const entry = auditEntry(m, 'domain.verify', row.domain, 'dns');
      if (!(await domains.markVerified(m.organisationId, row.domain, 'dns', entry))) throw domainNotFound();
      return { ...answer, verified: entry.created, verifiedBy: 'dns' as const };
    },
    async remove(actor: Owner, input: DomainBody) {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      if (!(await domains.remove(m.organisationId, input.domain, auditEntry(m, 'domain.remove', input.domain)))) throw domainNotFound();
      return { domain: input.domain, removed: true as const };
    },
    /** An operator's proof (their console checks the role and records it in the operator audit log). */
    async verifyByOperator(operator: Owner, input: DomainBody) {
      const row = await claimOf(input.organisationId, input.domain);
      const entry = auditEntry({ organisationId: row.organisationId, actor: operator }, 'domain.verify', row.domain, 'operator');
      if (!(await domains.markVerified(row.organisationId, row.domain, 'operator', entry))) throw domainNotFound();
      return { ...present(row), verified: entry.created, verifiedBy: 'operator' as const };
    },
    /**
     * After a company sign-in with a verified address: the account joins the organisation that
     * verified the address's domain as a member, unless it belongs to an organisation already.
     */
    async joinByVerifiedDomain(userId: string, email: string): Promise<'joined' | 'none' | 'member-elsewhere' | 'gone'> {
      const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
      const row = email.includes('@') ? await domains.find(domain) : undefined;
      if (!row || row.verified === null) return 'none';
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
