import type { Db } from '../../db/database.ts';
import type { OrganisationAuditTable, OrganisationDomainTable } from '../../db/tables.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { OrganisationRepository } from './organisation.repository.ts';

/**
 * SQL of the e-mail domains organisations claim (issue 27, migrations 021 and 024: a domain is
 * unique only over verified claims). Every change writes
 * its audit entry in the same transaction; a join by domain goes the way of a SCIM rejoin
 * (organisation.repository.ts), so `member.added` reaches the outbox in that transaction too.
 */
export function createDomainRepository(db: Db, organisations: OrganisationRepository) {
  const countOf = async (trx: Db, organisationId: string) =>
    Number(
      (
        await trx
          .selectFrom('organisationDomain')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organisationId', '=', organisationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const normalise = (row: OrganisationDomainTable): OrganisationDomainTable => ({
    ...row,
    verified: row.verified === null ? null : Number(row.verified),
    created: Number(row.created),
  });

  return {
    async list(organisationId: string) {
      const rows = await db.selectFrom('organisationDomain').selectAll().where('organisationId', '=', organisationId).orderBy('domain').execute();
      return rows.map(normalise);
    },
    /** The organisation's claim of `domain`. */
    async find(organisationId: string, domain: string) {
      const row = await db
        .selectFrom('organisationDomain')
        .selectAll()
        .where('organisationId', '=', organisationId)
        .where('domain', '=', domain)
        .executeTakeFirst();
      return row && normalise(row);
    },
    /** Issue 33: the claim that holds `domain`, the one verified (at most one: a unique index over verified rows). */
    async verifiedClaim(domain: string) {
      const row = await db.selectFrom('organisationDomain').selectAll().where('domain', '=', domain).where('verified', 'is not', null).executeTakeFirst();
      return row && normalise(row);
    },
    /** Issue 33: unverified claims made before `cutoff` have expired: they go (a claim again gets a new token). */
    async dropExpired(cutoff: number) {
      await db.deleteFrom('organisationDomain').where('verified', 'is', null).where('created', '<', cutoff).execute();
    },
    /**
     * Stores a claim with its audit entry, the organisation's row locked so two claims never
     * pass the limit together: 'taken' when another organisation verified the domain, 'limit' at
     * `max`, 'exists' when this organisation claimed it meanwhile.
     */
    async claim(row: OrganisationDomainTable, max: number, entry: OrganisationAuditTable): Promise<'claimed' | 'taken' | 'limit' | 'exists'> {
      try {
        return await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('organisation')
            .set((eb) => ({ updated: eb.ref('updated') }))
            .where('id', '=', row.organisationId)
            .execute();
          const verified = await trx
            .selectFrom('organisationDomain')
            .select('organisationId')
            .where('domain', '=', row.domain)
            .where('verified', 'is not', null)
            .executeTakeFirst();
          if (verified) return 'taken';
          if ((await countOf(trx, row.organisationId)) >= max) return 'limit';
          await trx.insertInto('organisationDomain').values(row).execute();
          await organisations.addAudit([entry], trx);
          return 'claimed';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },
    /**
     * Marks the organisation's claim verified (once), with its audit entry: 'gone' when it is not
     * (or no longer) claimed by it, 'taken' when another organisation verified the domain first
     * (the unique index over verified rows decides, also when both verify at once).
     */
    async markVerified(organisationId: string, domain: string, by: 'dns' | 'operator', entry: OrganisationAuditTable): Promise<'verified' | 'gone' | 'taken'> {
      try {
        return await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('organisationDomain')
            .set({ verified: entry.created, verifiedBy: by })
            .where('organisationId', '=', organisationId)
            .where('domain', '=', domain)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) return 'gone';
          await organisations.addAudit([entry], trx);
          return 'verified';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    /** Removes the organisation's claim (its admin's removal, an operator's release) with its audit entry. */
    remove(organisationId: string, domain: string, entry: OrganisationAuditTable): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('organisationDomain').where('organisationId', '=', organisationId).where('domain', '=', domain).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await organisations.addAudit([entry], trx);
        return true;
      });
    },
    /** The account joins as a member, announced and audited in one transaction; 'member-elsewhere' when it belongs to one already. */
    async join(organisationId: string, userId: string, entry: OrganisationAuditTable) {
      try {
        return await db.transaction().execute((trx) => organisations.rejoin(organisationId, userId, entry, async () => {}, trx));
      } catch (error) {
        if (isUniqueViolation(error)) return 'member-elsewhere' as const;
        throw error;
      }
    },
  };
}
export type DomainRepository = ReturnType<typeof createDomainRepository>;
