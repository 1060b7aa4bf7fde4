import { SCIM_SCHEMAS, type ScimGroup, type ScimUser } from '../../../shared/schemas/scim.schema.ts';
import type { ScimGroupTable, ScimUserTable } from '../../db/tables.ts';

/** The ETag of a version (weak: the representation may differ in attribute order). */
export const etagOf = (version: number) => `W/"${version}"`;

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** A User as SCIM answers it: the kept attributes, `id`, `groups` and `meta`; nothing of the account it links. */
export function presentUser(row: ScimUserTable, baseUrl: string, groups: ReadonlyArray<{ id: string; displayName: string }> = []) {
  const attributes = JSON.parse(row.resource) as ScimUser;
  const { [SCIM_SCHEMAS.enterprise]: enterprise, ...core } = attributes;
  return {
    schemas: enterprise ? [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterprise] : [SCIM_SCHEMAS.user],
    id: row.id,
    ...core,
    active: Number(row.active) === 1,
    ...(enterprise ? { [SCIM_SCHEMAS.enterprise]: enterprise } : {}),
    groups: groups.map((g) => ({ value: g.id, display: g.displayName, $ref: `${baseUrl}/Groups/${g.id}` })),
    meta: {
      resourceType: 'User',
      created: iso(row.created),
      lastModified: iso(row.lastModified),
      location: `${baseUrl}/Users/${row.id}`,
      version: etagOf(Number(row.version)),
    },
  };
}
export type PresentedUser = ReturnType<typeof presentUser>;

export function presentGroup(row: ScimGroupTable, baseUrl: string, members: ReadonlyArray<{ id: string; resource: string }>) {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: row.id,
    displayName: row.displayName,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    members: members.map((m) => {
      const user = JSON.parse(m.resource) as ScimUser;
      return { value: m.id, display: user.displayName ?? user.userName, $ref: `${baseUrl}/Users/${m.id}`, type: 'User' };
    }),
    meta: {
      resourceType: 'Group',
      created: iso(row.created),
      lastModified: iso(row.lastModified),
      location: `${baseUrl}/Groups/${row.id}`,
      version: etagOf(Number(row.version)),
    },
  };
}

/** The attributes of a group that PATCH works on. */
export function groupAttributes(row: ScimGroupTable, memberIds: readonly string[]): ScimGroup {
  return { displayName: row.displayName, ...(row.externalId !== null ? { externalId: row.externalId } : {}), members: memberIds.map((value) => ({ value })) };
}

/** RFC 7644 §3.4.2's list answer. */
export function presentList<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [SCIM_SCHEMAS.list], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}
