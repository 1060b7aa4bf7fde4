import { TeamErrorCode } from '../../../shared/error-codes.ts';
import type { OperatorPageDomainBody } from '../../../shared/schemas/operator.schema.ts';
import type { PageDomainCheck, PageDomainSetBody } from '../../../shared/schemas/page-domain.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OrganisationPageDomainTable } from '../../db/tables.ts';
import { badInput, conflict, notFound } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import { auditEntry, type OrganisationService } from '../organisations/index.ts';
import type { PageDomainOutcome, PageDomainRepository } from './page-domain.repository.ts';
import { presentPageDomain } from './page-domain.presenter.ts';
import { pageHostProblem } from './page-host-rules.ts';
import type { PageHostDirectory } from './page-host.directory.ts';

/** Each check costs a DNS lookup: at most this many per organisation and hour, on every instance. */
export const PAGE_DOMAIN_VERIFY_RULE: RateRule = { name: 'page-domain-verify', max: 20, windowMs: 3_600_000 };
/** Naming a host writes a row and an audit entry: bounded per organisation too. */
export const PAGE_DOMAIN_SET_RULE: RateRule = { name: 'page-domain-set', max: 20, windowMs: 3_600_000 };
/** The TXT records of a host name, each as its strings (node:dns `resolveTxt`). */
export type TxtResolver = (hostname: string) => Promise<string[][]>;

const taken = () => conflict(TeamErrorCode.pageDomainTaken, 'Another organisation has proved that this host is theirs.');
const noHost = () => notFound(TeamErrorCode.pageDomainNotFound, 'This organisation has named no page host.');
const settle = (outcome: PageDomainOutcome) => {
  if (outcome === 'taken') throw taken();
  if (outcome === 'gone') throw noHost();
};

/**
 * Issue 39, the company's own page host (docs/page-domains.md): owners and admins name a host,
 * publish the TXT record and have it checked (or an operator verifies it by hand); once verified
 * the organisation's members' company pages answer there (page-host.gate.ts). Every change is in
 * the organisation's audit log and tells every instance's host directory.
 */
export function createPageDomainService(deps: {
  pageDomains: PageDomainRepository;
  organisationService: Pick<OrganisationService, 'access'>;
  rateLimiter: RateLimiter;
  resolveTxt: TxtResolver;
  directory: PageHostDirectory;
  /** The service's own host name (PUBLIC_URL's), which no organisation may take. */
  serviceHost: string;
}) {
  const { pageDomains, organisationService, rateLimiter, directory } = deps;

  function refuse(host: string) {
    const problem = pageHostProblem(host, deps.serviceHost);
    if (problem) throw badInput('host', problem);
  }
  /** What the TXT lookup says of the record: its values, none when the name does not exist, or 'failed'. */
  async function check(row: OrganisationPageDomainTable): Promise<PageDomainCheck> {
    const { txtRecordName, txtRecordValue } = presentPageDomain(row, null);
    try {
      const values = (await deps.resolveTxt(txtRecordName)).map((chunks) => chunks.join('').trim());
      return values.includes(txtRecordValue) ? 'verified' : values.length ? 'mismatch' : 'missing';
    } catch (error) {
      const code = (error as { code?: string }).code;
      return code === 'ENODATA' || code === 'ENOTFOUND' ? 'missing' : 'failed';
    }
  }
  const newRow = (organisationId: string, host: string, now: number): OrganisationPageDomainTable => ({
    organisationId,
    host,
    token: randomId(32),
    verified: null,
    verifiedBy: null,
    created: now,
  });

  return {
    async find(actor: Owner, organisationId: string) {
      const m = await organisationService.access(actor, organisationId, 'admin');
      const row = await pageDomains.find(m.organisationId);
      return { pageDomain: row ? presentPageDomain(row, null) : null };
    },
    /** Names the host (again: the same record); another host replaces it, unverified, with a new record. */
    async set(actor: Owner, input: PageDomainSetBody) {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      refuse(input.host);
      const existing = await pageDomains.find(m.organisationId);
      if (existing?.host === input.host) return presentPageDomain(existing, null);
      await rateLimiter.consume([[PAGE_DOMAIN_SET_RULE, m.organisationId]], 'Too many page host changes for this organisation; try again later.');
      const now = Date.now();
      const row = newRow(m.organisationId, input.host, now);
      settle(await pageDomains.put(row, auditEntry(m, 'page-domain.set', input.host, existing?.host ?? '', now)));
      if (existing?.verified) await directory.changed();
      return presentPageDomain(row, null);
    },
    /** Looks the TXT record up; the answer says what was found (`check`), verified or not. */
    async verify(actor: Owner, organisationId: string) {
      const m = await organisationService.access(actor, organisationId, 'admin');
      const row = await pageDomains.find(m.organisationId);
      if (!row) throw noHost();
      if (row.verified !== null) return presentPageDomain(row, 'verified');
      await rateLimiter.consume([[PAGE_DOMAIN_VERIFY_RULE, m.organisationId]], 'Too many page host checks for this organisation; try again later.');
      const result = await check(row);
      if (result !== 'verified') return presentPageDomain(row, result);
      const entry = auditEntry(m, 'page-domain.verify', row.host, 'dns');
      settle(await pageDomains.markVerified(m.organisationId, row.host, 'dns', entry));
      await directory.changed();
      return presentPageDomain({ ...row, verified: entry.created, verifiedBy: 'dns' }, 'verified');
    },
    async remove(actor: Owner, organisationId: string) {
      const m = await organisationService.access(actor, organisationId, 'admin');
      const row = await pageDomains.find(m.organisationId);
      if (!row) throw noHost();
      settle(await pageDomains.remove(m.organisationId, auditEntry(m, 'page-domain.remove', row.host)));
      if (row.verified) await directory.changed();
      return { removed: true as const };
    },
    /** The organisation whose verified page host `host` is, else 400 naming `host` (a batch minted with it, issue 39). */
    async organisationOfHost(host: string): Promise<string> {
      const organisationId = await directory.organisationOf(host);
      if (!organisationId) throw badInput('host', 'is no verified page host of an organisation');
      return organisationId;
    },
    /**
     * An operator's verification by hand (their console checks the role, limits and records it
     * in the operator audit log): the organisation's host becomes `host`, verified, in its log too.
     */
    async verifyByOperator(operator: Owner, input: Omit<OperatorPageDomainBody, 'reason'>) {
      refuse(input.host);
      if (!(await pageDomains.organisationExists(input.organisationId))) throw notFound(TeamErrorCode.organisationNotFound, 'Organisation not found.');
      const existing = await pageDomains.find(input.organisationId);
      const now = Date.now();
      const row = existing?.host === input.host ? existing : newRow(input.organisationId, input.host, now);
      const entry = auditEntry({ organisationId: input.organisationId, actor: operator }, 'page-domain.verify', input.host, 'operator', now);
      if (row.verified === null) {
        if (row !== existing)
          settle(
            await pageDomains.put(
              row,
              auditEntry({ organisationId: input.organisationId, actor: operator }, 'page-domain.set', input.host, existing?.host ?? '', now),
            ),
          );
        settle(await pageDomains.markVerified(input.organisationId, input.host, 'operator', entry));
        await directory.changed();
      }
      return presentPageDomain(row.verified === null ? { ...row, verified: now, verifiedBy: 'operator' } : row, 'verified');
    },
  };
}
export type PageDomainService = ReturnType<typeof createPageDomainService>;
