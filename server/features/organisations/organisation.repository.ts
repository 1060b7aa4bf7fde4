import type { Db } from '../../db/database.ts';
import type { OrganisationAuditTable, OrganisationInvitationTable, OrganisationMemberTable, OrganisationTable } from '../../db/tables.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { noEventOutbox, type EventOutbox } from '../../lib/event-outbox.ts';

type Role = OrganisationMemberTable['role'];

/**
 * SQL of organisations, their members, invitations and audit log (issue 24). A member who joins
 * or is removed is announced to the organisation's webhooks (`member.added`, `member.removed`,
 * issue 25) through `outbox`, in the transaction of the change.
 */
export function createOrganisationRepository(db: Db, outbox: EventOutbox = noEventOutbox) {
  /**
   * Locks the organisation's row for the rest of the transaction (a no-op update: PostgreSQL
   * takes the row lock; SQLite runs one writing transaction at a time anyway), so two changes of
   * its owners never both see "another owner is left". False when the organisation is gone.
   */
  async function lock(trx: Db, organisationId: string): Promise<boolean> {
    const result = await trx
      .updateTable('organisation')
      .set((eb) => ({ updated: eb.ref('updated') }))
      .where('id', '=', organisationId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  async function ownerCount(trx: Db, organisationId: string): Promise<number> {
    const row = await trx
      .selectFrom('organisationMember')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organisationId', '=', organisationId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const roleIn = (trx: Db, organisationId: string, userId: string) =>
    trx.selectFrom('organisationMember').select('role').where('organisationId', '=', organisationId).where('userId', '=', userId).executeTakeFirst();
  const audit = (trx: Db, entry: OrganisationAuditTable) => trx.insertInto('organisationAudit').values(entry).execute();
  /** Tells the organisation's webhooks that a member joined or left, inside `trx`. */
  async function announce(trx: Db, type: 'member.added' | 'member.removed', organisationId: string, userId: string, role: Role) {
    const user = await trx.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
    await outbox.emit(trx, { type, organisationId, userId, data: { organisationId, userId, email: user?.email ?? null, role } });
  }
  /** Runs a conditional update with its audit entry in one transaction; false when it changed no row. */
  const auditedUpdate = (change: (trx: Db) => Promise<{ numUpdatedRows: bigint }>, entry: OrganisationAuditTable) =>
    db.transaction().execute(async (trx) => {
      if (Number((await change(trx)).numUpdatedRows) === 0) return false;
      await audit(trx, entry);
      return true;
    });

  return {
    /** The organisation an account belongs to, with its role there; undefined when none. */
    membershipOf(userId: string) {
      return db
        .selectFrom('organisationMember')
        .innerJoin('organisation', 'organisation.id', 'organisationMember.organisationId')
        .selectAll('organisation')
        .select(['organisationMember.role', 'organisationMember.joined'])
        .where('organisationMember.userId', '=', userId)
        .executeTakeFirst();
    },
    async memberCount(organisationId: string): Promise<number> {
      const row = await db
        .selectFrom('organisationMember')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisationId', '=', organisationId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Creates the organisation with its first owner; false when the account already belongs to one. */
    async create(organisation: OrganisationTable, ownerId: string, entry: OrganisationAuditTable): Promise<boolean> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('organisation').values(organisation).execute();
          await trx
            .insertInto('organisationMember')
            .values({ organisationId: organisation.id, userId: ownerId, role: 'owner', joined: organisation.created })
            .execute();
          await audit(trx, entry);
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async update(organisationId: string, changes: Partial<Pick<OrganisationTable, 'name' | 'brandColour' | 'brandColourDark'>>, entry: OrganisationAuditTable) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('organisation')
          .set({ ...changes, updated: entry.created })
          .where('id', '=', organisationId)
          .execute();
        await audit(trx, entry);
      });
    },
    members(organisationId: string) {
      return db
        .selectFrom('organisationMember')
        .innerJoin('user', 'user.id', 'organisationMember.userId')
        .select(['organisationMember.userId', 'organisationMember.role', 'organisationMember.joined', 'user.email', 'user.name'])
        .where('organisationMember.organisationId', '=', organisationId)
        .orderBy('organisationMember.joined')
        .orderBy('user.email')
        .execute();
    },
    member(organisationId: string, userId: string) {
      return db
        .selectFrom('organisationMember')
        .innerJoin('user', 'user.id', 'organisationMember.userId')
        .select(['organisationMember.userId', 'organisationMember.role', 'user.email'])
        .where('organisationMember.organisationId', '=', organisationId)
        .where('organisationMember.userId', '=', userId)
        .executeTakeFirst();
    },
    /**
     * Sets a member's role in one transaction with the organisation locked: 'last-owner' when it
     * would leave no owner, 'gone' when the member is not (or no longer) there.
     */
    async setRole(organisationId: string, userId: string, role: Role, entry: OrganisationAuditTable): Promise<'changed' | 'last-owner' | 'gone'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lock(trx, organisationId))) return 'gone';
        const current = await roleIn(trx, organisationId, userId);
        if (!current) return 'gone';
        if (current.role === 'owner' && role !== 'owner' && (await ownerCount(trx, organisationId)) <= 1) return 'last-owner';
        await trx.updateTable('organisationMember').set({ role }).where('organisationId', '=', organisationId).where('userId', '=', userId).execute();
        await audit(trx, entry);
        return 'changed';
      });
    },
    /**
     * Removes a member in one transaction with the organisation locked, with `alsoInside` (the
     * offboarding's other steps) in the same transaction; the member's sessions end with it.
     */
    async remove(
      organisationId: string,
      userId: string,
      entry: OrganisationAuditTable,
      alsoInside?: (trx: Db) => Promise<void>,
      outer?: Db,
    ): Promise<'removed' | 'last-owner' | 'gone'> {
      // Inside the caller's transaction (the offboarding's profile change) when one is given.
      const run = <T>(work: (trx: Db) => Promise<T>) => (outer ? work(outer) : db.transaction().execute(work));
      return run(async (trx) => {
        if (!(await lock(trx, organisationId))) return 'gone';
        const current = await roleIn(trx, organisationId, userId);
        if (!current) return 'gone';
        if (current.role === 'owner' && (await ownerCount(trx, organisationId)) <= 1) return 'last-owner';
        await trx.deleteFrom('organisationMember').where('organisationId', '=', organisationId).where('userId', '=', userId).execute();
        await announce(trx, 'member.removed', organisationId, userId, current.role);
        await alsoInside?.(trx);
        await trx.deleteFrom('session').where('userId', '=', userId).execute();
        await audit(trx, entry);
        return 'removed';
      });
    },

    /**
     * Issue 27: a removed member joins again as a member (SCIM reactivation), inside the caller's
     * transaction, with `alsoInside` (their company profiles' "left" mark cleared).
     */
    async rejoin(organisationId: string, userId: string, entry: OrganisationAuditTable, alsoInside: (trx: Db) => Promise<void>, trx: Db) {
      if (!(await lock(trx, organisationId))) return 'gone' as const;
      if (await trx.selectFrom('organisationMember').select('organisationId').where('userId', '=', userId).executeTakeFirst())
        return 'member-elsewhere' as const;
      await trx.insertInto('organisationMember').values({ organisationId, userId, role: 'member', joined: entry.created }).execute();
      await announce(trx, 'member.added', organisationId, userId, 'member');
      await alsoInside(trx);
      await audit(trx, entry);
      return 'joined' as const;
    },
    /** Writes audit entries inside the caller's transaction (a change of cards or profiles). */
    async addAudit(entries: readonly OrganisationAuditTable[], trx: Db) {
      for (const entry of entries) await audit(trx, entry);
    },
    /** One audit entry on its own (issue 24: a leads export). */
    recordAudit: (entry: OrganisationAuditTable) => audit(db, entry),

    /** Stores invitations (and their audit entries) all or none. */
    async addInvitations(rows: OrganisationInvitationTable[], entries: OrganisationAuditTable[]) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('organisationInvitation').values(rows).execute();
        for (const entry of entries) await audit(trx, entry);
      });
    },
    invitations(organisationId: string) {
      return db
        .selectFrom('organisationInvitation')
        .selectAll()
        .where('organisationId', '=', organisationId)
        .orderBy('created', 'desc')
        .orderBy('email')
        .execute();
    },
    invitation(organisationId: string, invitationId: string) {
      return db.selectFrom('organisationInvitation').selectAll().where('organisationId', '=', organisationId).where('id', '=', invitationId).executeTakeFirst();
    },
    invitationByTokenHash(tokenHash: string) {
      return db.selectFrom('organisationInvitation').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
    },
    /** Issue 35: the name of the organisation a pending, unexpired invitation of this token hash is from; undefined otherwise. */
    async invitingOrganisation(tokenHash: string, now: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('organisationInvitation')
        .innerJoin('organisation', 'organisation.id', 'organisationInvitation.organisationId')
        .select('organisation.name')
        .where('organisationInvitation.tokenHash', '=', tokenHash)
        .where('organisationInvitation.status', '=', 'pending')
        .where('organisationInvitation.expires', '>', now)
        .executeTakeFirst();
      return row?.name;
    },
    /** Gives a pending invitation a new token and expiry (resend); false when it is no longer pending. */
    renewInvitation(invitationId: string, tokenHash: string, expires: number, entry: OrganisationAuditTable): Promise<boolean> {
      return auditedUpdate(
        (trx) =>
          trx
            .updateTable('organisationInvitation')
            .set({ tokenHash, expires })
            .where('id', '=', invitationId)
            .where('status', '=', 'pending')
            .executeTakeFirst(),
        entry,
      );
    },
    revokeInvitation(invitationId: string, entry: OrganisationAuditTable): Promise<boolean> {
      return auditedUpdate(
        (trx) =>
          trx
            .updateTable('organisationInvitation')
            .set({ status: 'revoked' })
            .where('id', '=', invitationId)
            .where('status', '=', 'pending')
            .executeTakeFirst(),
        entry,
      );
    },
    /**
     * Accepts a pending invitation: marks it used and adds the account as a member, in one
     * transaction. 'used' when someone else took it first, 'member-elsewhere' when the account
     * already belongs to an organisation.
     */
    async acceptInvitation(
      invitation: OrganisationInvitationTable,
      userId: string,
      entry: OrganisationAuditTable,
    ): Promise<'joined' | 'used' | 'member-elsewhere'> {
      try {
        return await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('organisationInvitation')
            .set({ status: 'accepted', acceptedBy: userId })
            .where('id', '=', invitation.id)
            .where('status', '=', 'pending')
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) return 'used';
          await trx
            .insertInto('organisationMember')
            .values({ organisationId: invitation.organisationId, userId, role: invitation.role, joined: entry.created })
            .execute();
          await announce(trx, 'member.added', invitation.organisationId, userId, invitation.role);
          await audit(trx, entry);
          return 'joined';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'member-elsewhere';
        throw error;
      }
    },

    auditLog(organisationId: string, limit: number) {
      return db
        .selectFrom('organisationAudit')
        .selectAll()
        .where('organisationId', '=', organisationId)
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    /** Issue 25: the owners' and admins' addresses and languages (a mail that the organisation's webhook was disabled). */
    admins(organisationId: string): Promise<Array<{ email: string; language: string | null }>> {
      return db
        .selectFrom('organisationMember')
        .innerJoin('user', 'user.id', 'organisationMember.userId')
        .select(['user.email', 'user.language'])
        .where('organisationMember.organisationId', '=', organisationId)
        .where('organisationMember.role', 'in', ['owner', 'admin'])
        .orderBy('user.email')
        .execute();
    },
    /** The stored language of an account with this address, for an invitation mail. */
    async languageOf(email: string): Promise<string | null> {
      const row = await db.selectFrom('user').select('language').where('email', '=', email).executeTakeFirst();
      return row?.language ?? null;
    },
  };
}
export type OrganisationRepository = ReturnType<typeof createOrganisationRepository>;
