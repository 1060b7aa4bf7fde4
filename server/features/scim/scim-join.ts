import type { FastifyBaseLogger } from 'fastify';
import type { ScimUserTable } from '../../db/tables.ts';
import type { DomainService, MemberTemplateService } from '../organisations/index.ts';
import type { ProfileService } from '../profiles/index.ts';
import type { ScimRepository } from './scim.repository.ts';
import { groupTemplate, makeCompanyProfile } from './scim-templates.ts';

/**
 * Issue 27 (docs/scim.md "When the person arrives"): what happens when a person the
 * organisation's directory provisioned arrives, at once rather than at the directory's next
 * write. Their SCIM user is linked to the account and their company profile is made from the
 * template of their group (else the organisation's oldest template), filled from the
 * directory's attributes:
 * - when they accept the invitation mailed to that address (`memberJoined`, called by the
 *   organisations' invitation service);
 * - at a company sign-in (OIDC) with that verified address (`companySignIn`, called by the
 *   identity library's session hook): a provisioned person joins the organisation that
 *   provisioned them, without a password and without an invitation; anyone else joins by a
 *   verified e-mail domain as before.
 */
export function createScimJoin(deps: {
  scim: ScimRepository;
  memberTemplates: MemberTemplateService;
  profiles: Pick<ProfileService, 'create'>;
  domains: Pick<DomainService, 'joinByVerifiedDomain'>;
  log: FastifyBaseLogger;
}) {
  const { scim, memberTemplates, profiles, domains, log } = deps;

  /** Links the user to the account (unless another account holds the link) and makes the first company profile. */
  async function arrive(row: ScimUserTable, userId: string) {
    if (row.userId !== userId && !(await scim.setUserLink(row.organisationId, row.id, { userId }))) return;
    const templates = await memberTemplates.templatesOf(row.organisationId);
    if (!templates.length || (await memberTemplates.companyTemplateIds(row.organisationId, userId)).length) return;
    const template = groupTemplate(templates, await scim.groups(row.organisationId), await scim.groupsOfUsers(row.organisationId, [row.id]));
    await makeCompanyProfile(profiles, log, row, userId, template ?? templates[0]);
  }
  /**
   * The organisation's active user of this address, if it has one, arrives as the account. The
   * account joined another way than a SCIM reactivation: an earlier offboarding by the
   * directory is not the directory's to undo any more (issue 33).
   */
  async function memberJoined(organisationId: string, userId: string, email: string) {
    await scim.forgetOffboarding(organisationId, userId);
    const [row] = await scim.unlinkedUsersByEmail(organisationId, email, userId);
    if (row) await arrive(row, userId);
  }

  return {
    /** After an account joined an organisation (invitation accepted). A failure is logged: the join stands. */
    async memberJoined(organisationId: string, userId: string, email: string) {
      await memberJoined(organisationId, userId, email).catch((err) => log.error({ err, organisationId }, 'SCIM: could not link the member who joined'));
    },
    /**
     * A company sign-in of a verified address: joins the oldest organisation whose directory
     * provisioned that address and has not linked it yet; else the organisation of a verified
     * domain (whose directory may know the address too). An account that is a member already
     * stays where it is.
     */
    async companySignIn(userId: string, email: string): Promise<'joined' | 'none' | 'member-elsewhere' | 'gone'> {
      for (const row of await scim.provisionedFor(email)) {
        const outcome = await memberTemplates.joinProvisioned(row.organisationId, { userId, email });
        if (outcome === 'joined') {
          await scim.forgetOffboarding(row.organisationId, userId);
          await arrive(row, userId);
          return outcome;
        }
        if (outcome === 'member-elsewhere') return outcome;
      }
      const outcome = await domains.joinByVerifiedDomain(userId, email);
      const organisationId = outcome === 'joined' ? await scim.organisationOf(userId) : undefined;
      if (organisationId) await memberJoined(organisationId, userId, email);
      return outcome;
    },
  };
}
export type ScimJoin = ReturnType<typeof createScimJoin>;
