import type { Link, LinkType } from '../../../shared/schemas/link.schema.ts';
import type { LinkRow } from '../../db/tables.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** A link as every call answers it (SPEC 3). */
export function presentLink(row: LinkRow): Link {
  return {
    id: row.id,
    socialMediaLinkId: row.id,
    link: row.link,
    name: row.name,
    type: row.type as LinkType,
    sort: row.sort,
    cardProfileId: row.profileId,
    profileId: row.profileId,
    userProfileId: row.userId,
    created: row.created,
    updated: row.updated,
    createdIso: iso(row.created),
    updatedIso: iso(row.updated),
  };
}
