import type { Db } from '../../db/database.ts';
import type { OperatorAuditRow } from '../../db/tables.ts';
import { randomId } from '../../lib/ids.ts';

/** An account as the console reads it: what the role check and the mails need, nothing more. */
export interface AccountRow {
  id: string;
  email: string;
  emailVerified: boolean;
  language: string | null;
  /** Two-factor sign-in is on, or the account has a passkey. */
  secondFactor: boolean;
}

/**
 * Issue 28: the operator grants, the accounts the console acts on and the audit log. The log
 * is append-only: this file has no UPDATE or DELETE of it, and migration 010's triggers refuse
 * them in the database too.
 */
export function createOperatorRepository(db: Db) {
  async function account(where: { id: string } | { email: string }): Promise<AccountRow | undefined> {
    let query = db.selectFrom('user').select(['id', 'email', 'emailVerified', 'language', 'twoFactorEnabled']);
    query = 'id' in where ? query.where('id', '=', where.id) : query.where('email', '=', where.email);
    const user = await query.executeTakeFirst();
    if (!user) return undefined;
    const passkey = user.twoFactorEnabled ? undefined : await db.selectFrom('passkey').select('id').where('userId', '=', user.id).limit(1).executeTakeFirst();
    return {
      id: user.id,
      email: user.email,
      emailVerified: Boolean(user.emailVerified),
      language: user.language,
      secondFactor: Boolean(user.twoFactorEnabled) || Boolean(passkey),
    };
  }

  return {
    accountById: (id: string) => account({ id }),
    /** better-auth stores e-mails in lower case. */
    accountByEmail: (email: string) => account({ email: email.toLowerCase() }),

    async isGranted(email: string): Promise<boolean> {
      return Boolean(await db.selectFrom('operatorGrant').select('email').where('email', '=', email.toLowerCase()).executeTakeFirst());
    },

    /** Answers false when the e-mail was granted already. */
    async grant(email: string, now: number): Promise<boolean> {
      const result = await db
        .insertInto('operatorGrant')
        .values({ email: email.toLowerCase(), granted: now })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Answers false when the e-mail was not granted. */
    async revoke(email: string): Promise<boolean> {
      const result = await db.deleteFrom('operatorGrant').where('email', '=', email.toLowerCase()).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async listGrants(): Promise<{ email: string; granted: number }[]> {
      return (await db.selectFrom('operatorGrant').selectAll().orderBy('email').execute()).map((g) => ({ email: g.email, granted: Number(g.granted) }));
    },

    async record(entry: Omit<OperatorAuditRow, 'id' | 'at'>, at = Date.now()): Promise<OperatorAuditRow> {
      // Time first, so ids of one millisecond still sort in the order they were written.
      const row = { id: `${at.toString(36).padStart(9, '0')}${randomId(8)}`, at, ...entry };
      await db.insertInto('operatorAudit').values(row).execute();
      return row;
    },

    /** Newest first, by keyset on the time-ordered id. */
    async auditPage(cursor: string | undefined, limit: number): Promise<OperatorAuditRow[]> {
      let query = db.selectFrom('operatorAudit').selectAll();
      if (cursor) query = query.where('id', '<', cursor);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ ...r, at: Number(r.at) }));
    },
  };
}
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
