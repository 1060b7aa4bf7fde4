import type { TemplateField, TemplateLink, TemplateLock } from '../../../shared/schemas/organisation-template.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { CompanyLinkChanges, TemplatedProfileChanges } from '../profiles/index.ts';
import { auditEntry, type OrganisationService } from './organisation.service.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import type { TemplateRepository } from './template.repository.ts';
import { lockedValues } from './template.service.ts';

/**
 * Issue 27: a member moves to another template of the organisation (SCIM groups name
 * templates, docs/scim.md). Their company profiles follow the new template from now on and take
 * its locked values and its company links (those of the old template go) in one
 * `profiles.change` (stamps move, every instance rebuilds pages, vCards and passes), with the
 * audit entry `member.template` in the same transaction.
 */
export function createMemberTemplateService(deps: {
  organisations: OrganisationRepository;
  templates: TemplateRepository;
  profiles: TemplatedProfileChanges;
  companyLinks: CompanyLinkChanges;
  organisationService: OrganisationService;
}) {
  const { organisations, templates, profiles, companyLinks, organisationService } = deps;
  /** The organisation's templates, oldest first: id, name and the fields each locks. */
  async function templatesOf(organisationId: string) {
    const rows = await templates.list(organisationId);
    return rows
      .map((t) => ({ id: t.id, name: t.name, created: Number(t.created), locked: JSON.parse(t.locked) as TemplateField[] }))
      .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  }
  return {
    /** The organisation's templates as its admin `actor` sees them (SCIM's token acts for its admin). */
    async templates(actor: Owner, organisationId: string) {
      const m = await organisationService.access(actor, organisationId, 'admin');
      return templatesOf(m.organisationId);
    },
    /** The same for a member who has just joined (their own company profile is made from one). */
    templatesOf,
    /** The templates the member's live company profiles follow (none: they have no company profile yet). */
    async companyTemplateIds(organisationId: string, userId: string): Promise<string[]> {
      return (await templates.companyProfiles(organisationId, userId)).map((p) => p.templateId);
    },
    /**
     * Issue 27: a member removed by the offboarding comes back (SCIM reactivation within the
     * retention period): the membership again (role member) and their company profiles without
     * the "no longer works here" notice, in one profile change with the audit entry
     * `member.restore`. 'member-elsewhere' when the account joined another organisation since.
     */
    async restore(actor: Owner, input: { organisationId: string; userId: string; email: string }): Promise<'joined' | 'member-elsewhere' | 'gone'> {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      const ids = await templates.leftProfileIds(m.organisationId, input.userId);
      return profiles.change(ids, (change) =>
        organisations.rejoin(
          m.organisationId,
          input.userId,
          auditEntry(m, 'member.restore', input.email),
          () => profiles.setFields(ids, { leftCompany: null }, change),
          change,
        ),
      );
    },
    /**
     * Issue 27: a person the organisation's directory provisioned (SCIM) joins at their first
     * company sign-in with the address it gave: a member, announced (`member.added`) and
     * audited (`member.join-scim`, by the person) in one transaction. 'member-elsewhere' when the
     * account belongs to an organisation already.
     */
    async joinProvisioned(organisationId: string, user: { userId: string; email: string }): Promise<'joined' | 'member-elsewhere' | 'gone'> {
      const actor = { organisationId, actor: { userId: user.userId, email: user.email, emailVerified: true } };
      try {
        return await profiles.change([], (change) =>
          organisations.rejoin(organisationId, user.userId, auditEntry(actor, 'member.join-scim', user.email), async () => {}, change),
        );
      } catch (error) {
        // Joined another organisation at the same moment (one membership per account).
        if (isUniqueViolation(error)) return 'member-elsewhere';
        throw error;
      }
    },
    /** Moves the member's company profiles to `templateId`; 'no-profile' when they have none yet, 'unchanged' when all follow it already. */
    async move(
      actor: Owner,
      input: { organisationId: string; userId: string; templateId: string },
    ): Promise<'moved' | 'unchanged' | 'no-profile' | 'no-template'> {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      const template = await templates.find(m.organisationId, input.templateId);
      if (!template) return 'no-template';
      const company = await templates.companyProfiles(m.organisationId, input.userId);
      if (!company.length) return 'no-profile';
      if (company.every((p) => p.templateId === template.id)) return 'unchanged';
      const ids = company.map((p) => p.profileId);
      const values = lockedValues(JSON.parse(template.fieldValues) as Record<string, string>, JSON.parse(template.locked) as TemplateLock[]);
      const links = JSON.parse(template.links) as TemplateLink[];
      const previous = [...new Set(company.map((p) => p.templateId))].filter((id) => id !== template.id);
      const member = await organisations.member(m.organisationId, input.userId);
      const now = Date.now();
      await profiles.change(ids, async (change) => {
        await templates.moveProfiles(m.organisationId, ids, template.id, change);
        await profiles.setFields(ids, values, change);
        for (const old of previous) await companyLinks.setCompanyLinks(ids, old, [], now, change);
        await companyLinks.setCompanyLinks(ids, template.id, links, now, change);
        await organisations.addAudit([auditEntry(m, 'member.template', member?.email ?? input.userId, template.name)], change);
      });
      return 'moved';
    },
  };
}
export type MemberTemplateService = ReturnType<typeof createMemberTemplateService>;
