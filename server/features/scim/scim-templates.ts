import type { MemberTemplateService } from '../organisations/index.ts';
import type { ScimContext } from './scim-token.service.ts';
import type { ScimRepository } from './scim.repository.ts';

/**
 * Issue 27: SCIM groups name templates (docs/scim.md "Groups and templates"). A group whose
 * displayName is a template's name (ignoring case) maps to it; a member's company profiles
 * follow the template of their oldest mapped group, so moving a person between groups in the
 * identity provider changes their template. Users not yet members, or without a company profile,
 * are left alone; a person in no mapped group keeps the template they have.
 */
export function createScimTemplateSync(deps: { scim: ScimRepository; memberTemplates: MemberTemplateService }) {
  const { scim, memberTemplates } = deps;
  return async function syncTemplates(ctx: ScimContext, scimUserIds: readonly string[]): Promise<void> {
    if (!scimUserIds.length) return;
    const wanted = new Set(scimUserIds);
    const linked = (await scim.users(ctx.organisationId)).filter((u) => wanted.has(u.id) && u.userId !== null && Number(u.active) === 1);
    if (!linked.length) return;
    const groups = await scim.groups(ctx.organisationId);
    const order = new Map(groups.map((g, i) => [g.id, i]));
    const memberships = await scim.groupsOfUsers(
      ctx.organisationId,
      linked.map((u) => u.id),
    );
    const templateIdOf = new Map<string, string | undefined>();
    for (const user of linked) {
      if (!(await scim.isMember(ctx.organisationId, user.userId!))) continue;
      const mine = memberships.filter((m) => m.scimUserId === user.id).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      for (const group of mine) {
        const key = group.displayName.toLowerCase();
        if (!templateIdOf.has(key)) templateIdOf.set(key, (await memberTemplates.templateNamed(ctx.actor, ctx.organisationId, group.displayName))?.id);
        const templateId = templateIdOf.get(key);
        if (!templateId) continue;
        await memberTemplates.move(ctx.actor, { organisationId: ctx.organisationId, userId: user.userId!, templateId });
        break;
      }
    }
  };
}
export type ScimTemplateSync = ReturnType<typeof createScimTemplateSync>;
