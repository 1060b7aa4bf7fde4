import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ScimGroupTable, ScimTokenTable, ScimUserTable } from '../../db/tables.ts';

const isForeignKeyViolation = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
};

/**
 * SQL of SCIM provisioning (issue 27). Every query takes the organisation's id, so a token of
 * one organisation never reads or changes another's rows. Writes of a user or group compare the
 * version they read (compare-and-set): a write that lost a race changes nothing and says so.
 */
export function createScimRepository(db: Db) {
  return {
    // Tokens
    /** Stores a token and runs `alsoInside` (issue 33: the organisation's audit entry) in one transaction. */
    insertToken: (row: ScimTokenTable, alsoInside: (trx: Db) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('scimToken').values(row).execute();
        await alsoInside(trx);
      }),
    async countTokens(organisationId: string): Promise<number> {
      const row = await db
        .selectFrom('scimToken')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisationId', '=', organisationId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    listTokens: (organisationId: string) =>
      db
        .selectFrom('scimToken')
        .innerJoin('user', 'user.id', 'scimToken.createdBy')
        .select(['scimToken.id', 'scimToken.name', 'scimToken.created', 'scimToken.lastUsedAt', 'user.email as createdByEmail'])
        .where('scimToken.organisationId', '=', organisationId)
        .orderBy('scimToken.created')
        .orderBy('scimToken.id')
        .execute(),
    /** Deletes the organisation's token with `alsoInside` in the same transaction; false when it has none of this id. */
    async deleteToken(organisationId: string, id: string, alsoInside: (trx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('scimToken').where('id', '=', id).where('organisationId', '=', organisationId).executeTakeFirst();
        if (Number(result.numDeletedRows) > 0) await alsoInside(trx);
        return Number(result.numDeletedRows) > 0;
      });
    },
    /** The token of this hash with its maker's address: one indexed read per SCIM request, so a revocation holds at once everywhere. */
    tokenByHash: (tokenHash: string) =>
      db
        .selectFrom('scimToken')
        .innerJoin('user', 'user.id', 'scimToken.createdBy')
        .select(['scimToken.id', 'scimToken.organisationId', 'scimToken.createdBy', 'scimToken.lastUsedAt', 'user.email'])
        .where('scimToken.tokenHash', '=', tokenHash)
        .executeTakeFirst(),
    touchToken: (id: string, now: number) => db.updateTable('scimToken').set({ lastUsedAt: now }).where('id', '=', id).execute(),

    // Users
    /** False when the organisation already has a user of this userName (the unique index decides, also under concurrent creates). */
    async insertUser(row: ScimUserTable): Promise<boolean> {
      try {
        await db.insertInto('scimUser').values(row).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    user: (organisationId: string, id: string) =>
      db.selectFrom('scimUser').selectAll().where('organisationId', '=', organisationId).where('id', '=', id).executeTakeFirst(),
    userByName: (organisationId: string, userNameKey: string) =>
      db.selectFrom('scimUser').selectAll().where('organisationId', '=', organisationId).where('userNameKey', '=', userNameKey).executeTakeFirst(),
    users: (organisationId: string) =>
      db.selectFrom('scimUser').selectAll().where('organisationId', '=', organisationId).orderBy('created').orderBy('id').execute(),
    async countUsers(organisationId: string): Promise<number> {
      const row = await db
        .selectFrom('scimUser')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisationId', '=', organisationId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    usersPage: (organisationId: string, offset: number, limit: number) =>
      db.selectFrom('scimUser').selectAll().where('organisationId', '=', organisationId).orderBy('created').orderBy('id').offset(offset).limit(limit).execute(),
    /** Writes the user when its version is still `expected`; 'stale' when another write came first, 'duplicate' on a taken userName. */
    async updateUser(
      organisationId: string,
      id: string,
      expected: number,
      changes: Partial<Omit<ScimUserTable, 'id' | 'organisationId' | 'created'>>,
    ): Promise<'updated' | 'stale' | 'duplicate'> {
      try {
        const result = await db
          .updateTable('scimUser')
          .set(changes)
          .where('organisationId', '=', organisationId)
          .where('id', '=', id)
          .where('version', '=', expected)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? 'updated' : 'stale';
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },
    /** Side bookkeeping (link, invitation time) that does not move the ETag. */
    /** False when the account is already linked to another user of the directory (two users of one address). */
    async setUserLink(organisationId: string, id: string, changes: Partial<Pick<ScimUserTable, 'userId' | 'invitedAt'>>): Promise<boolean> {
      try {
        await db.updateTable('scimUser').set(changes).where('organisationId', '=', organisationId).where('id', '=', id).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    /** Issue 33: the person joined again another way (an invitation, a domain): no earlier SCIM offboarding is theirs to undo. */
    forgetOffboarding: (organisationId: string, userId: string) =>
      db.updateTable('scimUser').set({ offboardedAt: null }).where('organisationId', '=', organisationId).where('userId', '=', userId).execute(),
    async deleteUser(organisationId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('scimUser').where('organisationId', '=', organisationId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /**
     * The member of the organisation this address stands for: an account of that address, or
     * the account that accepted the organisation's invitation sent to it (the invitee may accept
     * with an account of another address; the audit entry `invitation.accept` names both).
     */
    async memberFor(organisationId: string, email: string): Promise<string | undefined> {
      const direct = await db
        .selectFrom('organisationMember')
        .innerJoin('user', 'user.id', 'organisationMember.userId')
        .select('organisationMember.userId')
        .where('organisationMember.organisationId', '=', organisationId)
        .where((eb) => eb(eb.fn('lower', ['user.email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      if (direct) return direct.userId;
      const accepted = await db
        .selectFrom('organisationAudit')
        .innerJoin('user', (join) => join.on((eb) => eb(eb.fn('lower', ['user.email']), '=', eb.fn('lower', ['organisationAudit.actorEmail']))))
        .innerJoin('organisationMember', (join) =>
          join.onRef('organisationMember.userId', '=', 'user.id').onRef('organisationMember.organisationId', '=', 'organisationAudit.organisationId'),
        )
        .select('organisationMember.userId')
        .where('organisationAudit.organisationId', '=', organisationId)
        .where('organisationAudit.action', '=', 'invitation.accept')
        .where((eb) => eb(eb.fn('lower', ['organisationAudit.target']), '=', email.toLowerCase()))
        .orderBy('organisationAudit.created', 'desc')
        .executeTakeFirst();
      return accepted?.userId;
    },
    /** Active users of the organisation with this address (stored lower-case) that no other account is linked to. */
    unlinkedUsersByEmail: (organisationId: string, email: string, userId: string) =>
      db
        .selectFrom('scimUser')
        .selectAll()
        .where('organisationId', '=', organisationId)
        .where('email', '=', email.toLowerCase())
        .where('active', '=', 1)
        .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userId)]))
        .orderBy('created')
        .execute(),
    /** Active, unlinked users of every organisation with this address, oldest first: who may join at a company sign-in. */
    provisionedFor: (email: string) =>
      db
        .selectFrom('scimUser')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .where('active', '=', 1)
        .where('userId', 'is', null)
        .orderBy('created')
        .execute(),
    /** The organisation the account is a member of, if any. */
    async organisationOf(userId: string): Promise<string | undefined> {
      return (await db.selectFrom('organisationMember').select('organisationId').where('userId', '=', userId).executeTakeFirst())?.organisationId;
    },
    /** Whether the account is a member of the organisation now. */
    async isMember(organisationId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('organisationMember')
        .select('userId')
        .where('organisationId', '=', organisationId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The groups of these users, for their `groups` attribute. */
    groupsOfUsers: (organisationId: string, userIds: readonly string[]) =>
      userIds.length
        ? db
            .selectFrom('scimGroupMember')
            .innerJoin('scimGroup', 'scimGroup.id', 'scimGroupMember.groupId')
            .select(['scimGroupMember.scimUserId', 'scimGroup.id', 'scimGroup.displayName'])
            .where('scimGroup.organisationId', '=', organisationId)
            .where('scimGroupMember.scimUserId', 'in', userIds)
            .execute()
        : Promise.resolve([]),

    // Groups
    /** 'duplicate' when the organisation has a group of this name, 'member-gone' when a member was deleted meanwhile. */
    async insertGroup(row: ScimGroupTable, memberIds: readonly string[]): Promise<'created' | 'duplicate' | 'member-gone'> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('scimGroup').values(row).execute();
          if (memberIds.length)
            await trx
              .insertInto('scimGroupMember')
              .values(memberIds.map((scimUserId) => ({ groupId: row.id, scimUserId })))
              .execute();
        });
        return 'created';
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        if (isForeignKeyViolation(error)) return 'member-gone';
        throw error;
      }
    },
    group: (organisationId: string, id: string) =>
      db.selectFrom('scimGroup').selectAll().where('organisationId', '=', organisationId).where('id', '=', id).executeTakeFirst(),
    groups: (organisationId: string) =>
      db.selectFrom('scimGroup').selectAll().where('organisationId', '=', organisationId).orderBy('created').orderBy('id').execute(),
    membersOfGroups: (groupIds: readonly string[]) =>
      groupIds.length
        ? db
            .selectFrom('scimGroupMember')
            .innerJoin('scimUser', 'scimUser.id', 'scimGroupMember.scimUserId')
            .select(['scimGroupMember.groupId', 'scimUser.id', 'scimUser.resource'])
            .where('scimGroupMember.groupId', 'in', groupIds)
            .orderBy('scimUser.created')
            .execute()
        : Promise.resolve([]),
    /** Which of these ids are users of the organisation. */
    async existingUserIds(organisationId: string, ids: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('scimUser')
          .select('id')
          .where('organisationId', '=', organisationId)
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const r of rows) found.add(r.id);
      }
      return found;
    },
    /** Writes the group and its member changes in one transaction when its version is still `expected`. */
    async updateGroup(
      organisationId: string,
      id: string,
      expected: number,
      changes: Partial<Pick<ScimGroupTable, 'displayName' | 'displayNameKey' | 'externalId' | 'version' | 'lastModified'>>,
      members: { add: readonly string[]; remove: readonly string[] },
    ): Promise<'updated' | 'stale' | 'duplicate'> {
      try {
        return await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('scimGroup')
            .set(changes)
            .where('organisationId', '=', organisationId)
            .where('id', '=', id)
            .where('version', '=', expected)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) return 'stale' as const;
          for (let i = 0; i < members.remove.length; i += 500)
            await trx
              .deleteFrom('scimGroupMember')
              .where('groupId', '=', id)
              .where('scimUserId', 'in', members.remove.slice(i, i + 500))
              .execute();
          for (let i = 0; i < members.add.length; i += 500)
            await trx
              .insertInto('scimGroupMember')
              .values(members.add.slice(i, i + 500).map((scimUserId) => ({ groupId: id, scimUserId })))
              .execute();
          return 'updated' as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        // A member deleted meanwhile: the caller reads again and refuses the unknown id.
        if (isForeignKeyViolation(error)) return 'stale';
        throw error;
      }
    },
    async deleteGroup(organisationId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('scimGroup').where('organisationId', '=', organisationId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type ScimRepository = ReturnType<typeof createScimRepository>;
