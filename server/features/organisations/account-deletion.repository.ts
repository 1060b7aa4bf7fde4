import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrganisationAuditTable, OrganisationMemberTable } from '../../db/tables.ts';
import { listTables } from '../../db/schema-info.ts';
import { noEventOutbox, type EventOutbox } from '../../lib/event-outbox.ts';

/** An account's place in its organisation, as the account deletion reads it. */
export interface Standing {
  organisationId: string;
  organisationName: string;
  role: OrganisationMemberTable['role'];
  email: string;
  /** Members of the organisation, the account included. */
  members: number;
  owners: number;
}

/**
 * SQL of what an account's deletion does to its organisation (issue 24, docs/teams.md "Account
 * deletion"): every write runs inside the deletion's transaction `trx`.
 */
export function createAccountDeletionRepository(db: Db, outbox: EventOutbox = noEventOutbox) {
  return {
    /** The account's membership with its organisation's member and owner counts; undefined when it belongs to none. */
    async standing(userId: string, trx: Db = db): Promise<Standing | undefined> {
      const member = await trx
        .selectFrom('organisationMember')
        .innerJoin('organisation', 'organisation.id', 'organisationMember.organisationId')
        .innerJoin('user', 'user.id', 'organisationMember.userId')
        .select(['organisationMember.organisationId', 'organisationMember.role', 'organisation.name', 'user.email'])
        .where('organisationMember.userId', '=', userId)
        .executeTakeFirst();
      if (!member) return undefined;
      const roles = await trx
        .selectFrom('organisationMember')
        .select(['role', (eb) => eb.fn.countAll<number>().as('n')])
        .where('organisationId', '=', member.organisationId)
        .groupBy('role')
        .execute();
      const count = (role?: string) => roles.filter((r) => !role || r.role === role).reduce((sum, r) => sum + Number(r.n), 0);
      return {
        organisationId: member.organisationId,
        organisationName: member.name,
        role: member.role,
        email: member.email,
        members: count(),
        owners: count('owner'),
      };
    },

    /**
     * Locks the organisation's row for the rest of the transaction (as every change of its
     * owners does, organisation.repository.ts), so two owners deleting their accounts at once
     * cannot both see "another owner is left".
     */
    async lock(trx: Db, organisationId: string): Promise<void> {
      await trx
        .updateTable('organisation')
        .set((eb) => ({ updated: eb.ref('updated') }))
        .where('id', '=', organisationId)
        .execute();
    },

    /** The membership ends and the organisation's webhooks hear `member.removed`, inside `trx`. */
    async leave(trx: Db, s: Standing, userId: string): Promise<void> {
      await trx.deleteFrom('organisationMember').where('organisationId', '=', s.organisationId).where('userId', '=', userId).execute();
      await outbox.emit(trx, {
        type: 'member.removed',
        organisationId: s.organisationId,
        userId,
        data: { organisationId: s.organisationId, userId, email: s.email, role: s.role },
      });
    },

    /** The owner who joined first (after the leaving account's membership is gone, so never that account). */
    async longestServingOwner(trx: Db, organisationId: string): Promise<string | undefined> {
      const row = await trx
        .selectFrom('organisationMember')
        .select('userId')
        .where('organisationId', '=', organisationId)
        .where('role', '=', 'owner')
        .orderBy('joined', 'asc')
        .orderBy('userId')
        .executeTakeFirst();
      return row?.userId;
    },

    async addAudit(trx: Db, entries: readonly OrganisationAuditTable[]): Promise<void> {
      for (const entry of entries) await trx.insertInto('organisationAudit').values(entry).execute();
    },

    /**
     * Deletes the organisation and every row that names it in a table with an `organisationId`
     * column, found in the schema so tables added later are covered (members, invitations, the
     * audit log, templates and the profiles' links to them, the organisation's webhooks, whose
     * deliveries and attempts go with them by their foreign keys). Cards are the cards feature's
     * and must have been released before.
     */
    /** The organisation's logo in storage, if it has one (deleted after the organisation's rows). */
    async logoKey(trx: Db, organisationId: string): Promise<string | null> {
      return (await trx.selectFrom('organisation').select('logoKey').where('id', '=', organisationId).executeTakeFirst())?.logoKey ?? null;
    },
    async deleteOrganisation(trx: Db, organisationId: string): Promise<void> {
      const any = trx as unknown as Kysely<any>;
      for (const table of await listTables(trx)) {
        if (table.name === 'card' || table.name === 'organisation' || !table.columns.includes('organisationId')) continue;
        await any.deleteFrom(table.name).where('organisationId', '=', organisationId).execute();
      }
      await trx.deleteFrom('organisation').where('id', '=', organisationId).execute();
    },
  };
}
export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;
