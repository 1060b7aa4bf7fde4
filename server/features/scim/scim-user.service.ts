import type { FastifyBaseLogger } from 'fastify';
import { SCIM_SCHEMAS, scimPatchSchema, type ScimUser } from '../../../shared/schemas/scim.schema.ts';
import type { ScimUserTable } from '../../db/tables.ts';
import { randomId } from '../../lib/ids.ts';
import type { InvitationService, MemberTemplateService, OrganisationService } from '../organisations/index.ts';
import { ScimError, scimBadRequest, scimNotFound } from './scim-error.ts';
import { FilterError, matches, parseFilter, pinnedEq } from './scim-filter.ts';
import { applyPatch } from './scim-patch.ts';
import { etagOf, presentList, presentUser } from './scim.presenter.ts';
import { mailOf, userSchema, validUser } from './scim-resource.ts';
import type { ScimContext } from './scim-token.service.ts';
import type { ScimRepository } from './scim.repository.ts';
import type { ScimMemberSync } from './scim-templates.ts';

/** Most resources one list answer holds (ServiceProviderConfig's `filter.maxResults`). */
export const SCIM_MAX_RESULTS = 200;
const WRITE_ATTEMPTS = 20;
/** A user reactivated within this many days of the deactivation gets their membership back (docs/scim.md). */
export const SCIM_RETENTION_DAYS = 30;

/** `startIndex` and `count` of a list (RFC 7644 §3.4.2.4): 1-based, clamped, never an error for out-of-range numbers. */
export function pageOf(query: { startIndex?: string; count?: string }): { startIndex: number; count: number } {
  const int = (v: string | undefined, name: string, fallback: number) => {
    if (v === undefined || v === '') return fallback;
    if (!/^-?\d{1,9}$/.test(v)) throw scimBadRequest('invalidValue', `${name} must be an integer.`);
    return Number(v);
  };
  return {
    startIndex: Math.max(1, int(query.startIndex, 'startIndex', 1)),
    count: Math.min(SCIM_MAX_RESULTS, Math.max(0, int(query.count, 'count', 100))),
  };
}

export function filterOf(text: string | undefined) {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return parseFilter(text);
  } catch (e) {
    if (e instanceof FilterError) throw scimBadRequest('invalidFilter', `Invalid filter: ${e.message}.`);
    throw e;
  }
}

/** `If-Match` (RFC 7644 §3.14): a stale version is 412, nothing written. */
function checkIfMatch(ifMatch: string | undefined, version: number) {
  if (!ifMatch || ifMatch.trim() === '*') return;
  const wanted = ifMatch.split(',').map((s) => s.trim().replace(/^W\//, ''));
  if (!wanted.includes(etagOf(version).replace(/^W\//, ''))) throw new ScimError(412, 'The resource changed since that version (If-Match).', 'invalidVers');
}

/**
 * Issue 27: SCIM Users of one organisation (docs/scim.md). A user is the directory's record of
 * a person; provisioning makes them a member through the organisations feature: an invitation
 * mail to their address, or with company sign-in configured a mail to sign in with it (they join
 * then, scim-join.ts); when an account of theirs already is a member, a link to it.
 * `active: false` and DELETE run the offboarding (`removeMember`) before the record changes, so a
 * refused offboarding (the organisation's last owner) leaves the record as it was.
 */
export function createScimUserService(deps: {
  scim: ScimRepository;
  organisations: OrganisationService;
  invitations: InvitationService;
  memberTemplates: MemberTemplateService;
  syncTemplates: ScimMemberSync;
  log: FastifyBaseLogger;
}) {
  const { scim, organisations, invitations, memberTemplates, syncTemplates, log } = deps;

  async function present(ctx: ScimContext, rows: ScimUserTable[]) {
    const groups = await scim.groupsOfUsers(
      ctx.organisationId,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      presentUser(
        row,
        ctx.baseUrl,
        groups.filter((g) => g.scimUserId === row.id),
      ),
    );
  }
  async function found(ctx: ScimContext, id: string) {
    const row = await scim.user(ctx.organisationId, id);
    if (!row) throw scimNotFound('User');
    return row;
  }
  /** The account behind a user: the linked one, else the member its address stands for (linked now). */
  async function accountOf(ctx: ScimContext, row: ScimUserTable): Promise<string | undefined> {
    if (row.userId) return row.userId;
    const userId = row.email ? await scim.memberFor(ctx.organisationId, row.email) : undefined;
    if (userId && (await scim.setUserLink(ctx.organisationId, row.id, { userId }))) return userId;
    return undefined;
  }
  /** The offboarding of issue 24 when the person is a member: true when this call ended the membership; false when they are not (yet or any more). */
  async function offboard(ctx: ScimContext, row: ScimUserTable): Promise<boolean> {
    const userId = await accountOf(ctx, row);
    if (!userId || !(await scim.isMember(ctx.organisationId, userId))) return false;
    await organisations.removeMember(ctx.actor, { organisationId: ctx.organisationId, userId });
    await ctx.forgetSessions();
    return true;
  }
  /**
   * Reactivated within the retention period: the account whose membership SCIM's own
   * deactivation ended (`offboardedAt`, issue 33) is a member again, its company profiles without
   * the "left" notice. A membership an admin ended by hand, or that ended any other way, is not
   * the directory's to give back: the person is invited again (`onboard`).
   */
  async function restore(ctx: ScimContext, before: ScimUserTable) {
    if (!before.userId || before.offboardedAt === null || before.deactivatedAt === null) return;
    if (Date.now() - Number(before.deactivatedAt) > SCIM_RETENTION_DAYS * 86_400_000) return;
    if (await scim.isMember(ctx.organisationId, before.userId)) return;
    try {
      await memberTemplates.restore(ctx.actor, { organisationId: ctx.organisationId, userId: before.userId, email: before.email ?? before.userNameKey });
    } catch (error) {
      log.warn({ err: error, organisationId: ctx.organisationId }, 'SCIM: could not restore the membership; inviting instead');
    }
  }
  /**
   * An active user joins: linked when their account is a member, else told once (again after a
   * deactivation): the invitation, or with company sign-in the mail to sign in with it.
   */
  async function onboard(ctx: ScimContext, row: ScimUserTable, user: ScimUser) {
    const userId = await accountOf(ctx, row);
    if (userId && (await scim.isMember(ctx.organisationId, userId))) return syncTemplates(ctx, [row.id]);
    if (row.invitedAt !== null || !row.email) return;
    const language = /^de/i.test(user.preferredLanguage ?? user.locale ?? '') ? 'de' : null;
    try {
      await invitations.provision(ctx.actor, { organisationId: ctx.organisationId, email: row.email }, language);
      await scim.setUserLink(ctx.organisationId, row.id, { invitedAt: Date.now() });
    } catch (error) {
      // The record stands; the next write of this user invites again (e.g. after the daily mail limit).
      log.warn({ err: error, organisationId: ctx.organisationId }, 'SCIM: could not tell the person (invitation or company sign-in mail)');
    }
  }
  function columnsOf(user: ScimUser) {
    return {
      userNameKey: user.userName.toLowerCase(),
      externalId: user.externalId ?? null,
      email: mailOf(user),
      active: user.active ? 1 : 0,
      resource: JSON.stringify({ ...user, active: undefined }),
    };
  }
  /** Read, change, compare-and-set; a lost race reads again, so concurrent writes each apply whole, the last one last. */
  async function write(ctx: ScimContext, id: string, ifMatch: string | undefined, change: (current: ScimUser) => ScimUser) {
    // When this request's offboarding ended the membership: remembered on the record even if its write must try again.
    let offboardedAt: number | null = null;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const row = await found(ctx, id);
      checkIfMatch(ifMatch, Number(row.version));
      const current = { ...(JSON.parse(row.resource) as ScimUser), active: Number(row.active) === 1 };
      const next = change(current);
      const deactivating = current.active && !next.active;
      const reactivating = !current.active && next.active;
      if (!next.active && (await offboard(ctx, row))) offboardedAt = Date.now();
      const now = Math.max(Date.now(), Number(row.lastModified));
      const outcome = await scim.updateUser(ctx.organisationId, id, Number(row.version), {
        ...columnsOf(next),
        ...(deactivating ? { invitedAt: null, deactivatedAt: now } : reactivating ? { deactivatedAt: null, offboardedAt: null } : {}),
        ...(offboardedAt !== null && !next.active ? { offboardedAt } : {}),
        version: Number(row.version) + 1,
        lastModified: now,
      });
      if (outcome === 'duplicate') throw new ScimError(409, `userName ${JSON.stringify(next.userName)} is already taken.`, 'uniqueness');
      if (outcome === 'updated') {
        const written = (await scim.user(ctx.organisationId, id))!;
        if (reactivating) await restore(ctx, row);
        if (next.active) await onboard(ctx, written, next);
        return written;
      }
      if (ifMatch) throw new ScimError(412, 'The resource changed since that version (If-Match).', 'invalidVers');
    }
    throw new ScimError(409, 'The user is being changed by other requests; please try again.');
  }

  return {
    async create(ctx: ScimContext, body: unknown) {
      const user = validUser(body);
      const now = Date.now();
      const row: ScimUserTable = {
        id: randomId(24),
        organisationId: ctx.organisationId,
        ...columnsOf(user),
        userId: null,
        invitedAt: null,
        deactivatedAt: user.active ? null : now,
        offboardedAt: null,
        version: 1,
        created: now,
        lastModified: now,
      };
      if (!(await scim.insertUser(row))) throw new ScimError(409, `userName ${JSON.stringify(user.userName)} is already taken.`, 'uniqueness');
      if (user.active) await onboard(ctx, row, user);
      // A new user is in no group yet.
      return presentUser(row, ctx.baseUrl);
    },
    async get(ctx: ScimContext, id: string) {
      return (await present(ctx, [await found(ctx, id)]))[0];
    },
    async list(ctx: ScimContext, query: { filter?: string; startIndex?: string; count?: string }) {
      const filter = filterOf(query.filter);
      const { startIndex, count } = pageOf(query);
      if (!filter) {
        const total = await scim.countUsers(ctx.organisationId);
        const rows = count ? await scim.usersPage(ctx.organisationId, startIndex - 1, count) : [];
        return presentList(await present(ctx, rows), total, startIndex);
      }
      const pinned = pinnedEq(filter, 'username');
      const candidates =
        pinned !== undefined
          ? [await scim.userByName(ctx.organisationId, pinned.toLowerCase())].filter((r): r is ScimUserTable => r !== undefined)
          : await scim.users(ctx.organisationId);
      const hits = candidates.filter((row) => matches(filter, presentUser(row, ctx.baseUrl) as unknown as Record<string, unknown>));
      const page = hits.slice(startIndex - 1, startIndex - 1 + count);
      return presentList(await present(ctx, page), hits.length, startIndex);
    },
    async replace(ctx: ScimContext, id: string, body: unknown, ifMatch?: string) {
      const user = validUser(body);
      const row = await write(ctx, id, ifMatch, () => user);
      return (await present(ctx, [row]))[0];
    },
    async patch(ctx: ScimContext, id: string, body: unknown, ifMatch?: string) {
      const parsed = scimPatchSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw scimBadRequest('invalidSyntax', `${issue.path.join('.') || 'body'}: ${issue.message}`);
      }
      if (parsed.data.schemas && !parsed.data.schemas.includes(SCIM_SCHEMAS.patch))
        throw scimBadRequest('invalidSyntax', `schemas must name ${SCIM_SCHEMAS.patch}.`);
      const row = await write(ctx, id, ifMatch, (current) => validUser(applyPatch(current, parsed.data.Operations, userSchema)));
      return (await present(ctx, [row]))[0];
    },
    async remove(ctx: ScimContext, id: string, ifMatch?: string) {
      const row = await found(ctx, id);
      checkIfMatch(ifMatch, Number(row.version));
      await offboard(ctx, row);
      if (!(await scim.deleteUser(ctx.organisationId, id))) throw scimNotFound('User');
    },
  };
}
export type ScimUserService = ReturnType<typeof createScimUserService>;
