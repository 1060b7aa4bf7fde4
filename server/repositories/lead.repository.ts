import type { Db } from '../db/database.ts';
import type { LeadTable } from '../db/tables.ts';

/** SQL for leads, the visitors' e-mails left on a profile (D5). */
export function createLeadRepository(db: Db) {
  /** Leads on a profile since a time, optionally from one address: the rate limit of D5 counts these. */
  async function countSince(profileId: string, since: number, email?: string, trx: Db = db): Promise<number> {
    let q = trx
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('profileId', '=', profileId)
      .where('created', '>=', since);
    if (email) q = q.where('email', '=', email);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    async insert(row: LeadTable): Promise<void> {
      await db.insertInto('lead').values(row).execute();
    },
    countSince,
    /**
     * Stores a lead unless the profile already has `perSender` leads from this address or
     * `perProfile` leads in all since `since`; answers whether it was stored. Count and insert
     * are one step for concurrent requests: a no-op update first locks the profile's row on
     * PostgreSQL, and SQLite runs one transaction at a time anyway.
     */
    async insertWithinLimits(row: LeadTable, limits: { since: number; perSender: number; perProfile: number }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('profile')
          .set((eb) => ({ status: eb.ref('status') }))
          .where('id', '=', row.profileId)
          .execute();
        if ((await countSince(row.profileId, limits.since, row.email, trx)) >= limits.perSender) return false;
        if ((await countSince(row.profileId, limits.since, undefined, trx)) >= limits.perProfile) return false;
        await trx.insertInto('lead').values(row).execute();
        return true;
      });
    },
  };
}
export type LeadRepository = ReturnType<typeof createLeadRepository>;
