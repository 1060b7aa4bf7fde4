import { SCIM_SCHEMAS, scimPatchSchema, type ScimGroup } from '../../../shared/schemas/scim.schema.ts';
import type { ScimGroupTable } from '../../db/tables.ts';
import { randomId } from '../../lib/ids.ts';
import { ScimError, scimBadRequest, scimNotFound } from './scim-error.ts';
import { matches, pinnedEq } from './scim-filter.ts';
import { applyPatch } from './scim-patch.ts';
import { groupAttributes, presentGroup, presentList } from './scim.presenter.ts';
import { groupSchema, validGroup } from './scim-resource.ts';
import type { ScimContext } from './scim-token.service.ts';
import type { ScimRepository } from './scim.repository.ts';
import type { ScimMemberSync } from './scim-templates.ts';
import { filterOf, pageOf } from './scim-user.service.ts';

const WRITE_ATTEMPTS = 20;

/**
 * Issue 27: SCIM Groups of one organisation: a name and members (users of the same
 * organisation; another organisation's or an unknown id is SCIM's 400 `invalidValue`). Member
 * changes and the group's version are written in one transaction under compare-and-set.
 */
export function createScimGroupService(deps: { scim: ScimRepository; syncTemplates: ScimMemberSync }) {
  const { scim, syncTemplates } = deps;

  async function present(ctx: ScimContext, rows: ScimGroupTable[]) {
    const members = await scim.membersOfGroups(rows.map((r) => r.id));
    return rows.map((row) =>
      presentGroup(
        row,
        ctx.baseUrl,
        members.filter((m) => m.groupId === row.id),
      ),
    );
  }
  async function found(ctx: ScimContext, id: string) {
    const row = await scim.group(ctx.organisationId, id);
    if (!row) throw scimNotFound('Group');
    return row;
  }
  async function memberIdsOf(ctx: ScimContext, group: ScimGroup): Promise<string[]> {
    const ids = [...new Set((group.members ?? []).map((m) => m.value))];
    const known = await scim.existingUserIds(ctx.organisationId, ids);
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw scimBadRequest('invalidValue', `members: no user ${JSON.stringify(unknown)} in this organisation.`);
    return ids;
  }
  const taken = (name: string) => new ScimError(409, `A group named ${JSON.stringify(name)} already exists.`, 'uniqueness');

  async function write(ctx: ScimContext, id: string, ifMatch: string | undefined, change: (current: ScimGroup) => ScimGroup) {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const row = await found(ctx, id);
      if (ifMatch && ifMatch.trim() !== '*' && !ifMatch.includes(`"${row.version}"`))
        throw new ScimError(412, 'The resource changed since that version (If-Match).', 'invalidVers');
      const before = (await scim.membersOfGroups([id])).map((m) => m.id);
      const next = change(groupAttributes(row, before));
      const after = await memberIdsOf(ctx, next);
      const outcome = await scim.updateGroup(
        ctx.organisationId,
        id,
        Number(row.version),
        {
          displayName: next.displayName,
          displayNameKey: next.displayName.toLowerCase(),
          externalId: next.externalId ?? null,
          version: Number(row.version) + 1,
          lastModified: Math.max(Date.now(), Number(row.lastModified)),
        },
        { add: after.filter((m) => !before.includes(m)), remove: before.filter((m) => !after.includes(m)) },
      );
      if (outcome === 'duplicate') throw taken(next.displayName);
      if (outcome === 'updated') {
        await syncTemplates(ctx, [...new Set([...before, ...after])]);
        return (await scim.group(ctx.organisationId, id))!;
      }
      if (ifMatch) throw new ScimError(412, 'The resource changed since that version (If-Match).', 'invalidVers');
    }
    throw new ScimError(409, 'The group is being changed by other requests; please try again.');
  }

  return {
    async create(ctx: ScimContext, body: unknown) {
      const group = validGroup(body);
      const memberIds = await memberIdsOf(ctx, group);
      const now = Date.now();
      const row: ScimGroupTable = {
        id: randomId(24),
        organisationId: ctx.organisationId,
        displayName: group.displayName,
        displayNameKey: group.displayName.toLowerCase(),
        externalId: group.externalId ?? null,
        version: 1,
        created: now,
        lastModified: now,
      };
      const outcome = await scim.insertGroup(row, memberIds);
      if (outcome === 'duplicate') throw taken(group.displayName);
      if (outcome === 'member-gone') throw scimBadRequest('invalidValue', 'members: a user was deleted meanwhile.');
      await syncTemplates(ctx, memberIds);
      return (await present(ctx, [row]))[0];
    },
    async get(ctx: ScimContext, id: string) {
      return (await present(ctx, [await found(ctx, id)]))[0];
    },
    async list(ctx: ScimContext, query: { filter?: string; startIndex?: string; count?: string }) {
      const filter = filterOf(query.filter);
      const { startIndex, count } = pageOf(query);
      let rows = await scim.groups(ctx.organisationId);
      if (filter) {
        const pinned = pinnedEq(filter, 'displayname');
        if (pinned !== undefined) rows = rows.filter((r) => r.displayNameKey === pinned.toLowerCase());
        const presented = await present(ctx, rows);
        rows = rows.filter((_, i) => matches(filter, presented[i] as unknown as Record<string, unknown>));
      }
      // `attributes` and `excludedAttributes` (Entra ID's `excludedAttributes=members`) shape the answer in the routes (scim-projection.ts).
      return presentList(await present(ctx, rows.slice(startIndex - 1, startIndex - 1 + count)), rows.length, startIndex);
    },
    async replace(ctx: ScimContext, id: string, body: unknown, ifMatch?: string) {
      const group = validGroup(body);
      return (await present(ctx, [await write(ctx, id, ifMatch, () => group)]))[0];
    },
    async patch(ctx: ScimContext, id: string, body: unknown, ifMatch?: string) {
      const parsed = scimPatchSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw scimBadRequest('invalidSyntax', `${issue.path.join('.') || 'body'}: ${issue.message}`);
      }
      if (parsed.data.schemas && !parsed.data.schemas.includes(SCIM_SCHEMAS.patch))
        throw scimBadRequest('invalidSyntax', `schemas must name ${SCIM_SCHEMAS.patch}.`);
      const row = await write(ctx, id, ifMatch, (current) => validGroup(applyPatch(current, parsed.data.Operations, groupSchema)));
      return (await present(ctx, [row]))[0];
    },
    async remove(ctx: ScimContext, id: string) {
      const members = (await scim.membersOfGroups([id])).map((m) => m.id);
      if (!(await scim.deleteGroup(ctx.organisationId, id))) throw scimNotFound('Group');
      await syncTemplates(ctx, members);
    },
  };
}
export type ScimGroupService = ReturnType<typeof createScimGroupService>;
