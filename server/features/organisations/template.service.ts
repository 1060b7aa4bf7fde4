import { TeamErrorCode } from '../../../shared/error-codes.ts';
import type { Template, TemplateField, TemplateLink, TemplateLock } from '../../../shared/schemas/organisation-template.schema.ts';
import type { ProfileTextField } from '../../../shared/schemas/profile.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OrganisationTemplateTable } from '../../db/tables.ts';
import { notFound } from '../../http/errors.ts';
import { newTemplateId } from '../../lib/ids.ts';
import type { CompanyLinkChanges, ProfileTemplates, TemplatedProfileChanges } from '../profiles/index.ts';
import { auditEntry, type OrganisationService } from './organisation.service.ts';
import type { TemplateRepository } from './template.repository.ts';
import { isAdmin } from './roles.ts';

type Values = Partial<Record<TemplateField, string>>;
const templateNotFound = () => notFound(TeamErrorCode.templateNotFound, 'Template not found.');
const parse = (row: Pick<OrganisationTemplateTable, 'fieldValues' | 'locked' | 'links'>) => ({
  values: JSON.parse(row.fieldValues) as Values,
  locked: JSON.parse(row.locked) as TemplateLock[],
  links: JSON.parse(row.links) as TemplateLink[],
});
/** The locked fields of a template (its `links` lock is not a field). */
const lockedFields = (locked: readonly TemplateLock[]) => locked.filter((f): f is TemplateField => f !== 'links');
/** The values a template's locks keep: every locked field, blank when the template leaves it empty. */
export const lockedValues = (values: Values, locked: readonly TemplateLock[]): Partial<Record<ProfileTextField, string>> =>
  Object.fromEntries(lockedFields(locked).map((f) => [f, values[f] ?? '']));

function present(row: OrganisationTemplateTable, profileCount: number): Template {
  const { values, locked, links } = parse(row);
  return { templateId: row.id, name: row.name, values: values as Record<string, string>, links, locked, profileCount, updated: Number(row.updated) };
}

/**
 * Issue 24: templates of company values with locked fields. A profile made from one carries its
 * values; its locked fields stay the template's. Saving a template writes the locked values into
 * every member's profile in one change of those profiles (`profiles.change`: their `updated`
 * stamps move, so cached pages, vCards and passes are rebuilt, and every other instance is told
 * before the call answers).
 */
export function createTemplateService(deps: {
  templates: TemplateRepository;
  profiles: TemplatedProfileChanges;
  companyLinks: CompanyLinkChanges;
  organisationService: OrganisationService;
}) {
  const { templates, profiles, companyLinks, organisationService } = deps;

  /** What the profile rules use (server/features/profiles/profile-templates.ts). */
  const forProfiles: ProfileTemplates = {
    async valuesFor(owner, templateId, change) {
      const row = await templates.findForMember(owner.userId, templateId, change);
      if (!row) throw templateNotFound();
      const { values, locked, links } = parse(row);
      // The invitee's name and job title from the admin's CSV are the person's starting values.
      const invitee = await templates.inviteeOf(row.organisationId, owner.userId, change);
      const person = Object.fromEntries(Object.entries(invitee ?? {}).filter(([, v]) => v));
      return { values: { ...person, ...values }, locked: lockedFields(locked), links };
    },
    async attach(owner, profileId, templateId, change) {
      const row = await templates.findForMember(owner.userId, templateId, change);
      if (!row) throw templateNotFound();
      await templates.attach({ profileId, templateId, organisationId: row.organisationId, userId: owner.userId }, change);
    },
    async lockedOf(profileId) {
      const row = await templates.templateOfProfile(profileId);
      if (!row) return {};
      const { values, locked } = parse(row);
      return lockedValues(values, locked);
    },
    async linksLocked(profileId) {
      const row = await templates.templateOfProfile(profileId);
      return Boolean(row && parse(row).locked.includes('links'));
    },
  };

  return {
    forProfiles,
    /** Creates or changes a template; a change reaches every member's profile made from it at once. */
    async save(
      actor: Owner,
      input: { organisationId: string; templateId?: string; name: string; values: Values; links: TemplateLink[]; locked: TemplateLock[] },
    ) {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      const now = Date.now();
      const existing = input.templateId ? await templates.find(m.organisationId, input.templateId) : undefined;
      if (input.templateId && !existing) throw templateNotFound();
      const row: OrganisationTemplateTable = {
        id: existing?.id ?? newTemplateId(),
        organisationId: m.organisationId,
        name: input.name,
        fieldValues: JSON.stringify(input.values),
        locked: JSON.stringify(input.locked),
        links: JSON.stringify(input.links),
        created: existing ? Number(existing.created) : now,
        updated: now,
      };
      const detail = `locked: ${input.locked.join(', ') || '-'}; links: ${input.links.length}`;
      if (!existing) {
        await profiles.change([], (change) => templates.insertTemplate(row, auditEntry(m, 'template.create', input.name, detail, now), change));
        return { templateId: row.id };
      }
      const ids = await templates.memberProfileIds(row.id);
      await profiles.change(ids, async (change) => {
        await templates.updateTemplate(row, auditEntry(m, 'template.update', input.name, detail, now), change);
        await profiles.setFields(ids, lockedValues(input.values, input.locked), change);
        // Locked company links are the template's: every profile gets the new set (unlocked ones were starting values).
        if (input.locked.includes('links')) await companyLinks.setCompanyLinks(ids, row.id, input.links, now, change);
      });
      return { templateId: row.id };
    },
    /** The organisation's templates: members see them (to make a profile, to know what is locked), admins also how many profiles follow each. */
    async list(actor: Owner, organisationId: string) {
      const m = await organisationService.access(actor, organisationId, 'member');
      const counts = isAdmin(m.role) ? await templates.profileCounts(m.organisationId) : new Map<string, number>();
      return { templates: (await templates.list(m.organisationId)).map((row) => present(row, counts.get(row.id) ?? 0)) };
    },
  };
}
export type TemplateService = ReturnType<typeof createTemplateService>;
