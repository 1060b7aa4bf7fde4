import type { FastifyBaseLogger } from 'fastify';
import type { TemplateField } from '../../../shared/schemas/organisation-template.schema.ts';
import type { ProfileCreateInput } from '../../../shared/schemas/profile.schema.ts';
import { SCIM_SCHEMAS, type ScimUser } from '../../../shared/schemas/scim.schema.ts';
import type { MemberTemplateService } from '../organisations/index.ts';
import type { ProfileService } from '../profiles/index.ts';
import type { ScimUserTable } from '../../db/tables.ts';
import type { ScimContext } from './scim-token.service.ts';
import type { ScimRepository } from './scim.repository.ts';

/** What a company profile made for a provisioned member holds from their SCIM attributes (never a field the template locks). */
export function profileFieldsOf(user: ScimUser, locked: readonly TemplateField[]): ProfileCreateInput {
  const phones = user.phoneNumbers ?? [];
  const mobile = phones.find((p) => p.type?.toLowerCase() === 'mobile')?.value;
  const work = (phones.find((p) => p.type?.toLowerCase() === 'work') ?? phones.find((p) => p.type?.toLowerCase() !== 'mobile'))?.value;
  const emails = user.emails ?? [];
  const email = (emails.find((e) => e.primary) ?? emails.find((e) => e.type?.toLowerCase() === 'work') ?? emails[0])?.value;
  const fields: ProfileCreateInput = {
    firstName: user.name?.givenName?.slice(0, 200),
    lastName: user.name?.familyName?.slice(0, 200),
    jobTitle: user.title?.slice(0, 200),
    businessUnit: user[SCIM_SCHEMAS.enterprise]?.department?.slice(0, 200),
    businessMobileNumber: mobile?.slice(0, 200),
    businessPhoneNumber: work?.slice(0, 200),
    businessEmailAddress: email?.slice(0, 200),
  };
  for (const field of locked) delete (fields as Record<string, unknown>)[field];
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) as ProfileCreateInput;
}

/**
 * The template of the person's oldest group (`groups` oldest first) whose displayName is a
 * template's name, ignoring case; undefined when no group of theirs names one.
 */
export function groupTemplate<T extends { name: string }>(
  templates: readonly T[],
  groups: ReadonlyArray<{ id: string }>,
  theirs: ReadonlyArray<{ id: string; displayName: string }>,
): T | undefined {
  const byName = new Map(templates.map((t) => [t.name.trim().toLowerCase(), t]));
  const order = new Map(groups.map((g, i) => [g.id, i]));
  return [...theirs]
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((m) => byName.get(m.displayName.trim().toLowerCase()))
    .find((t) => t !== undefined);
}

/** A provisioned member's company profile from `template`, filled from their SCIM attributes; the member's own limits stand. */
export async function makeCompanyProfile(
  profiles: Pick<ProfileService, 'create'>,
  log: FastifyBaseLogger,
  row: ScimUserTable,
  userId: string,
  template: { id: string; locked: readonly TemplateField[] },
) {
  const user = JSON.parse(row.resource) as ScimUser;
  try {
    await profiles.create({ userId, email: row.email ?? '', emailVerified: true }, { ...profileFieldsOf(user, template.locked), templateId: template.id });
  } catch (error) {
    // The member's own limits (profiles per account) stand; they make it themselves then.
    log.warn({ err: error, organisationId: row.organisationId }, 'SCIM: could not make the company profile');
  }
}

/**
 * Issue 27: what a provisioned member gets from the organisation's templates (docs/scim.md
 * "Groups and templates"). A group whose displayName is a template's name (ignoring case) maps
 * to it. For each active user that is a member (linked now if their account joined since):
 * without a company profile, one is made from the template of their oldest mapped group (else
 * the organisation's oldest template) and filled from their SCIM attributes; with one, it moves
 * to their oldest mapped group's template when that differs. A person in no mapped group keeps
 * the template they have; an organisation without templates makes no profile.
 */
export function createScimMemberSync(deps: { scim: ScimRepository; memberTemplates: MemberTemplateService; profiles: ProfileService; log: FastifyBaseLogger }) {
  const { scim, memberTemplates, profiles, log } = deps;

  /** Links an unlinked user to the member their address stands for; the linked account, if any. */
  async function linkedAccount(ctx: ScimContext, row: ScimUserTable): Promise<string | undefined> {
    if (row.userId) return row.userId;
    const userId = row.email ? await scim.memberFor(ctx.organisationId, row.email) : undefined;
    if (userId && (await scim.setUserLink(ctx.organisationId, row.id, { userId }))) return userId;
    return undefined;
  }

  return async function syncMembers(ctx: ScimContext, scimUserIds: readonly string[]): Promise<void> {
    if (!scimUserIds.length) return;
    // Without templates there is nothing to give: no user is read.
    const templates = await memberTemplates.templates(ctx.actor, ctx.organisationId);
    if (!templates.length) return;
    const wanted = new Set(scimUserIds);
    const rows = (await scim.users(ctx.organisationId)).filter((u) => wanted.has(u.id) && Number(u.active) === 1);
    if (!rows.length) return;
    const groupOrder = await scim.groups(ctx.organisationId);
    const memberships = await scim.groupsOfUsers(
      ctx.organisationId,
      rows.map((u) => u.id),
    );
    for (const row of rows) {
      const userId = await linkedAccount(ctx, row);
      if (!userId || !(await scim.isMember(ctx.organisationId, userId))) continue;
      const mapped = groupTemplate(
        templates,
        groupOrder,
        memberships.filter((m) => m.scimUserId === row.id),
      );
      const current = await memberTemplates.companyTemplateIds(ctx.organisationId, userId);
      if (current.length) {
        if (mapped && current.some((id) => id !== mapped.id))
          await memberTemplates.move(ctx.actor, { organisationId: ctx.organisationId, userId, templateId: mapped.id });
        continue;
      }
      await makeCompanyProfile(profiles, log, row, userId, mapped ?? templates[0]);
    }
  };
}
export type ScimMemberSync = ReturnType<typeof createScimMemberSync>;
