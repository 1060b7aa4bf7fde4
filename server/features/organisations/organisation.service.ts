import { TeamErrorCode } from '../../../shared/error-codes.ts';
import type { OrganisationRole } from '../../../shared/schemas/organisation.schema.ts';
import type { OrganisationAuditTable } from '../../db/tables.ts';
import type { Db } from '../../db/database.ts';
import { AppError, conflict, notFound, refuseContrast } from '../../http/errors.ts';
import { brandProblems } from '../../../shared/page-theme.ts';
import { newAuditId, newOrganisationId } from '../../lib/ids.ts';
import { requireConfirmedAddress, type Owner } from '../../auth/owner.guard.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import type { TemplateRepository } from './template.repository.ts';
import type { Offboarding } from './offboarding.ts';
import type { BrandChange } from './brand.service.ts';
import { isAdmin, mayChangeRole, mayRemove } from './roles.ts';
import { presentMember, presentOrganisation } from './organisation.presenter.ts';

/** The caller's membership of the organisation a call names, once checked. */
export interface Membership {
  organisationId: string;
  organisationName: string;
  role: OrganisationRole;
  actor: Owner;
}

export const organisationNotFound = () => notFound(TeamErrorCode.organisationNotFound, 'Organisation not found.');
const forbidden = () => new AppError(403, TeamErrorCode.forbidden, 'Only owners and admins of the organisation may do this.');
const lastOwner = () => conflict(TeamErrorCode.lastOwner, 'The organisation needs at least one owner: make someone else owner first.');

/** An audit entry of an action (issue 24: actor, time, target). */
export function auditEntry(
  m: Pick<Membership, 'organisationId' | 'actor'>,
  action: string,
  target: string,
  detail = '',
  now = Date.now(),
): OrganisationAuditTable {
  return { id: newAuditId(now), organisationId: m.organisationId, actorEmail: m.actor.email, action, target, detail, created: now };
}

/**
 * Issue 24: organisations and their members. Every call names its organisation; a caller who is
 * not a member of it gets 404 (as for another owner's profile), a member on an admin call 403.
 * `removeMember` is the offboarding others (SCIM, issue 27) call too.
 */
export function createOrganisationService(deps: {
  organisations: OrganisationRepository;
  /** Issue 35: who has a company profile (cards and leads can be handed to them). */
  templates: Pick<TemplateRepository, 'companyProfiles'>;
  offboard: Offboarding;
  brandChange?: BrandChange;
}) {
  const { organisations, templates, offboard, brandChange } = deps;

  /** The caller's membership of `organisationId`: 404 when none, 403 when `admin` is needed and they are a member. */
  async function access(actor: Owner, organisationId: string, need: 'member' | 'admin'): Promise<Membership> {
    const found = await organisations.membershipOf(actor.userId);
    if (!found || found.id !== organisationId) throw organisationNotFound();
    if (need === 'admin' && !isAdmin(found.role)) throw forbidden();
    return { organisationId, organisationName: found.name, role: found.role, actor };
  }

  async function targetOf(m: Membership, userId: string) {
    const target = await organisations.member(m.organisationId, userId);
    if (!target) throw notFound(TeamErrorCode.memberNotFound, 'Member not found.');
    return target;
  }

  return {
    access,
    async create(actor: Owner, input: { name: string; brandColour: string; brandColourDark: string }) {
      // Issue 20: members it invites would outlive the password of an account nobody has proven.
      requireConfirmedAddress(actor, 'an organisation');
      // Issue 24 with 26: brand colours below WCAG AA where the pages show them are refused, with the nearest passing one.
      refuseContrast(brandProblems(input));
      const now = Date.now();
      const organisation = {
        id: newOrganisationId(),
        name: input.name,
        brandColour: input.brandColour,
        brandColourDark: input.brandColourDark,
        logoKey: null,
        created: now,
        updated: now,
      };
      const entry = auditEntry({ organisationId: organisation.id, actor }, 'organisation.create', input.name, '', now);
      if (!(await organisations.create(organisation, actor.userId, entry))) {
        throw conflict(TeamErrorCode.alreadyInOrganisation, 'This account already belongs to an organisation.');
      }
      return presentOrganisation({ ...organisation, role: 'owner' }, 1);
    },
    /** The caller's organisation and role (a member sees it too); 404 when they belong to none. */
    async findOwn(actor: Owner) {
      const found = await organisations.membershipOf(actor.userId);
      if (!found) throw organisationNotFound();
      return presentOrganisation(found, await organisations.memberCount(found.id));
    },
    async update(actor: Owner, input: { organisationId: string; name?: string; brandColour?: string; brandColourDark?: string }) {
      const m = await access(actor, input.organisationId, 'admin');
      refuseContrast(brandProblems(input));
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.brandColour !== undefined ? { brandColour: input.brandColour } : {}),
        ...(input.brandColourDark !== undefined ? { brandColourDark: input.brandColourDark } : {}),
      };
      const entry = auditEntry(m, 'organisation.update', input.name ?? m.organisationName, JSON.stringify(changes));
      // A new brand colour reaches the company profiles' pages: their stamps change with it.
      const brandChanged = input.brandColour !== undefined || input.brandColourDark !== undefined;
      await (brandChanged && brandChange ? brandChange(m, changes, entry) : organisations.update(m.organisationId, changes, entry));
      return this.findOwn(actor);
    },
    async members(actor: Owner, organisationId: string) {
      const m = await access(actor, organisationId, 'admin');
      const holders = new Set((await templates.companyProfiles(m.organisationId)).map((p) => p.userId));
      return { members: (await organisations.members(m.organisationId)).map((row) => presentMember(row, holders.has(row.userId))) };
    },
    async setRole(actor: Owner, input: { organisationId: string; userId: string; role: OrganisationRole }) {
      const m = await access(actor, input.organisationId, 'admin');
      const target = await targetOf(m, input.userId);
      if (!mayChangeRole(m.role, target.role, input.role)) throw forbidden();
      const outcome = await organisations.setRole(
        m.organisationId,
        target.userId,
        input.role,
        auditEntry(m, 'member.role', target.email, `${target.role} → ${input.role}`),
      );
      if (outcome === 'last-owner') throw lastOwner();
      if (outcome === 'gone') throw notFound(TeamErrorCode.memberNotFound, 'Member not found.');
      return { userId: target.userId, role: input.role };
    },
    /**
     * Offboarding (offboarding.ts): the member leaves the organisation, every session of theirs
     * is deleted, their organisation cards go back (or to `cardsTo`), their company profiles'
     * leads to `leadsTo` (by default the remover's company profile, issue 35), and their company
     * profiles say they left, all in one transaction; the
     * caller then drops remembered sessions on every instance (the route's `onIdentityChange`, as
     * for a sign-out). Nothing of their private profiles is deleted, moved or shown.
     */
    async removeMember(actor: Owner, input: { organisationId: string; userId: string; cardsTo?: string; leadsTo?: string }) {
      const m = await access(actor, input.organisationId, 'admin');
      const target = await targetOf(m, input.userId);
      if (!mayRemove(m.role, target.role)) throw forbidden();
      const { outcome, leadsTo } = await offboard(m, target, input, auditEntry(m, 'member.remove', target.email));
      if (outcome === 'last-owner') throw lastOwner();
      if (outcome === 'gone') throw notFound(TeamErrorCode.memberNotFound, 'Member not found.');
      return { userId: target.userId, removed: true as const, leadsTo };
    },
    /**
     * Issue 33: an audit entry by `actor` of another feature's change (SCIM tokens, webhooks, API
     * tokens), written by the returned function inside that change's own transaction. The
     * caller has checked the actor's role (or the actor is the maker of their own token).
     */
    auditWriter(actor: Owner, organisationId: string, action: string, target: string, detail = '') {
      const entry = auditEntry({ organisationId, actor }, action, target, detail);
      return (trx: Db) => organisations.addAudit([entry], trx);
    },
    async auditLog(actor: Owner, organisationId: string) {
      const m = await access(actor, organisationId, 'admin');
      return (await organisations.auditLog(m.organisationId, 1000)).map(({ id, actorEmail, action, target, detail, created }) => ({
        id,
        actorEmail,
        action,
        target,
        detail,
        created,
      }));
    },
  };
}
export type OrganisationService = ReturnType<typeof createOrganisationService>;
