import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import { listTables } from '../../db/schema-info.ts';
import type { ProfileChanges, ProfileChange } from '../profiles/index.ts';
import { unregisteredColumns } from '../cards/index.ts';

/** Tables whose rows the deletion treats by name instead of generically. */
const HANDLED_BY_NAME = new Set(['user', 'profile', 'card']);

/** SQL of the account calls (issue 13): better-auth's tables as the deletion and its checks read them. */
/** What goes with an account besides its own rows: rate-limit subjects and stored files (a deleted organisation's counters and logo). */
export interface DeletedAlong {
  subjects: string[];
  fileKeys: string[];
}

export function createAccountRepository(db: Db, profiles: Pick<ProfileChanges, 'change'>) {
  return {
    async findUser(userId: string): Promise<{ id: string; email: string; language: string | null } | undefined> {
      return db.selectFrom('user').select(['id', 'email', 'language']).where('id', '=', userId).executeTakeFirst();
    },

    /** Whether the account signs in with a password (else only by company sign-in). */
    async hasPassword(userId: string): Promise<boolean> {
      const credential = await db
        .selectFrom('account')
        .select('id')
        .where('userId', '=', userId)
        .where('providerId', '=', 'credential')
        .where('password', 'is not', null)
        .executeTakeFirst();
      return Boolean(credential);
    },

    /** When the session of a token was opened, or undefined. */
    async sessionCreated(token: string): Promise<Date | string | undefined> {
      return (await db.selectFrom('session').select('createdAt').where('token', '=', token).executeTakeFirst())?.createdAt;
    },

    async twoFactorEnabled(userId: string): Promise<boolean> {
      const user = await db.selectFrom('user').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirst();
      return Boolean(user?.twoFactorEnabled);
    },

    /**
     * Removes every row of the account in one transaction (a change of all its profiles): rows
     * that name one of its profiles or the account in any table (found in the schema, so tables
     * added later are covered), its profiles and the user with sessions and sign-in methods. Its
     * cards go back to unregistered. `before` runs first in the same transaction (the other
     * features' part, issue 24's organisations) and answers further rate-limit subjects and
     * stored files that go. Answers the keys of the images stored for the account (with those
     * files) and those subjects.
     */
    async deleteAccount(
      user: { id: string; email: string },
      before: (change: ProfileChange) => Promise<DeletedAlong> = async () => ({ subjects: [], fileKeys: [] }),
    ): Promise<{ imageKeys: string[]; subjects: string[] }> {
      const tables = await listTables(db);
      const own = await db
        .selectFrom('profile')
        .select(['id', 'profileImageKey', 'profileLogoKey', 'backgroundImageKey'])
        .where('userId', '=', user.id)
        .execute();
      const profileIds = own.map((p) => p.id);
      const imageKeys = own.flatMap((p) => [p.profileImageKey, p.profileLogoKey, p.backgroundImageKey]).filter((key): key is string => Boolean(key));

      const along = await profiles.change(profileIds, async (change) => {
        const found = await before(change);
        const trx = change as unknown as Kysely<any>;
        await trx
          .updateTable('card')
          .set((eb) => unregisteredColumns(eb))
          .where((eb) => eb.or([eb('userId', '=', user.id), ...(profileIds.length ? [eb('profileId', 'in', profileIds)] : [])]))
          .execute();
        // Rows that hang on a profile first (leads, links, statistics, …), then on the account.
        for (const table of tables) {
          if (HANDLED_BY_NAME.has(table.name) || !table.columns.includes('profileId') || !profileIds.length) continue;
          await trx.deleteFrom(table.name).where('profileId', 'in', profileIds).execute();
        }
        for (const table of tables) {
          if (HANDLED_BY_NAME.has(table.name) || !table.columns.includes('userId')) continue;
          await trx.deleteFrom(table.name).where('userId', '=', user.id).execute();
        }
        await trx.deleteFrom('profile').where('userId', '=', user.id).execute();
        await trx.deleteFrom('user').where('id', '=', user.id).execute();
        // better-auth's pending challenges and trusted devices name the account in `value` (two-factor
        // sign-in, trust-device), and e-mail tokens in `identifier`: none outlives the account.
        await trx
          .deleteFrom('verification')
          .where((eb) => eb.or([eb('value', '=', user.id), eb('identifier', '=', user.email)]))
          .execute();
        return found;
      });
      return { imageKeys: [...imageKeys, ...along.fileKeys], subjects: along.subjects };
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
