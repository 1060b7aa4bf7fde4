import type { Db } from '../db/database.ts';
import type { LeadTable } from '../db/tables.ts';

/** SQL for leads, the visitors' e-mails left on a profile (D5). */
export function createLeadRepository(db: Db) {
  return {
    async insert(row: LeadTable): Promise<void> {
      await db.insertInto('lead').values(row).execute();
    },
    /** Leads on a profile since a time, optionally from one address: the rate limit of D5 counts these. */
    async countSince(profileId: string, since: number, email?: string): Promise<number> {
      let q = db.selectFrom('lead').select((eb) => eb.fn.countAll<number>().as('n')).where('profileId', '=', profileId).where('created', '>=', since);
      if (email) q = q.where('email', '=', email);
      const row = await q.executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type LeadRepository = ReturnType<typeof createLeadRepository>;
