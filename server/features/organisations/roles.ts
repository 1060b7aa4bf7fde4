import type { OrganisationRole } from '../../../shared/schemas/organisation.schema.ts';

/** Issue 24's role rules, pure: who may do what to whom in an organisation. */

/** Owners and admins run the organisation; members only belong to it. */
export const isAdmin = (role: OrganisationRole) => role === 'owner' || role === 'admin';

/**
 * Whether `actor` may give a member of role `from` the role `to`: admins move people between
 * admin and member; only an owner makes an owner (the hand-over) or changes an owner's role.
 */
export function mayChangeRole(actor: OrganisationRole, from: OrganisationRole, to: OrganisationRole): boolean {
  if (!isAdmin(actor)) return false;
  if (from === 'owner' || to === 'owner') return actor === 'owner';
  return true;
}

/** Whether `actor` may remove a member of role `target`: admins remove admins and members, only an owner removes an owner. */
export function mayRemove(actor: OrganisationRole, target: OrganisationRole): boolean {
  if (!isAdmin(actor)) return false;
  return target !== 'owner' || actor === 'owner';
}
