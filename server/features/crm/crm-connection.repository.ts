import type { Db } from '../../db/database.ts';
import type { CrmConnectionTable, CrmOauthStateTable } from '../../db/crm-tables.ts';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box.ts';
import { randomId } from '../../lib/ids.ts';
import { DEFAULT_CRM_SETTINGS, type CrmProvider, type CrmSettings } from '../../../shared/schemas/crm.schema.ts';

/** Work another feature does inside the same transaction (an organisation's audit entry). */
export type AlsoInside = ((trx: Db) => Promise<void>) | undefined;

/** A grant's tokens as the CRM gave them. */
export interface CrmTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

/** What a finished connect stores. */
export interface NewConnection extends CrmTokens {
  scope: string;
  provider: CrmProvider;
  userId: string;
  organisationId: string | null;
  accountName: string;
  accountId: string;
  apiBase: string;
}

/** A connection with its tokens opened, for the sync worker only (null where one does not open: AUTH_SECRET changed). */
export type OpenedConnection = Omit<CrmConnectionTable, 'accessToken' | 'refreshToken'> & { accessToken: string | null; refreshToken: string | null };

/** A connection as listed (never its tokens). */
export type ListedConnection = Omit<CrmConnectionTable, 'accessToken' | 'refreshToken'> & { connectedByEmail: string | null };

/** `org:{id}` for an organisation's connections, `user:{id}` for an owner's own. */
export const scopeOf = (userId: string, organisationId: string | null | undefined) => (organisationId ? `org:${organisationId}` : `user:${userId}`);

const LISTED = [
  'crmConnection.id',
  'scope',
  'provider',
  'crmConnection.userId',
  'organisationId',
  'accountName',
  'accountId',
  'apiBase',
  'expiresAt',
  'status',
  'settings',
  'lastSyncAt',
  'lastError',
  'crmConnection.created',
  'crmConnection.updated',
] as const;

/**
 * Issue 37's SQL of CRM connections and their OAuth states. The access and refresh tokens are
 * sealed with the webhook secrets' box (docs/integrations.md "Secrets at rest"), bound to the
 * connection's id and the token's kind: they are opened only by `forSync`, never listed.
 */
export function createCrmConnectionRepository(db: Db, box: SecretBox) {
  const seal = (id: string, kind: 'access' | 'refresh', token: string) => box.seal(token, `crm:${id}:${kind}`);
  const open = (id: string, kind: 'access' | 'refresh', sealed: string) => {
    try {
      return box.open(sealed, `crm:${id}:${kind}`);
    } catch (error) {
      if (error instanceof SecretBoxError) return null;
      throw error;
    }
  };
  const listed = () =>
    db
      .selectFrom('crmConnection')
      .leftJoin('user', 'user.id', 'crmConnection.userId')
      .select([...LISTED, 'user.email as connectedByEmail']);

  return {
    /** The account a state was made for, as the callback checks its role again. */
    accountOf(userId: string) {
      return db.selectFrom('user').select(['id', 'email', 'emailVerified', 'language']).where('id', '=', userId).executeTakeFirst();
    },
    async saveState(row: CrmOauthStateTable): Promise<void> {
      await db.deleteFrom('crmOauthState').where('expiresAt', '<', Date.now()).execute();
      await db.insertInto('crmOauthState').values(row).execute();
    },
    /** The state's row, deleted in the same step (single use); undefined when unknown, used or expired. */
    async takeState(stateHash: string, now: number): Promise<CrmOauthStateTable | undefined> {
      const row = await db.selectFrom('crmOauthState').selectAll().where('stateHash', '=', stateHash).executeTakeFirst();
      if (!row) return undefined;
      const taken = await db.deleteFrom('crmOauthState').where('stateHash', '=', stateHash).executeTakeFirst();
      return Number(taken.numDeletedRows) === 1 && Number(row.expiresAt) > now ? row : undefined;
    },
    /** Stores a new grant, or replaces the tokens of the scope's connection to that provider (a reconnect mends a broken one). */
    async connect(input: NewConnection, alsoInside: AlsoInside): Promise<{ id: string; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const now = Date.now();
        const before = await trx
          .selectFrom('crmConnection')
          .select('id')
          .where('scope', '=', input.scope)
          .where('provider', '=', input.provider)
          .executeTakeFirst();
        const id = before?.id ?? `crm_${randomId(20)}`;
        const tokens = {
          accessToken: seal(id, 'access', input.accessToken),
          refreshToken: seal(id, 'refresh', input.refreshToken),
          expiresAt: input.expiresAt,
        };
        const common = { ...tokens, userId: input.userId, accountName: input.accountName, accountId: input.accountId, apiBase: input.apiBase };
        if (before)
          await trx
            .updateTable('crmConnection')
            .set({ ...common, status: 'connected', lastError: null, updated: now })
            .where('id', '=', id)
            .execute();
        else
          await trx
            .insertInto('crmConnection')
            .values({
              id,
              ...common,
              scope: input.scope,
              provider: input.provider,
              organisationId: input.organisationId,
              status: 'connected',
              settings: JSON.stringify(DEFAULT_CRM_SETTINGS),
              lastSyncAt: null,
              lastError: null,
              created: now,
              updated: now,
            })
            .execute();
        await alsoInside?.(trx);
        return { id, created: !before };
      });
    },
    list(scope: string): Promise<ListedConnection[]> {
      return listed().where('scope', '=', scope).orderBy('provider').execute();
    },
    find(scope: string, provider: CrmProvider): Promise<ListedConnection | undefined> {
      return listed().where('scope', '=', scope).where('provider', '=', provider).executeTakeFirst();
    },
    /** The connections a lead of `userId`'s (and of the organisation, for a company profile) goes to, inside the lead's transaction. */
    targets(trx: Db, scopes: readonly string[]) {
      return trx.selectFrom('crmConnection').select(['id', 'settings', 'status']).where('scope', 'in', scopes).execute();
    },
    async forSync(id: string): Promise<OpenedConnection | undefined> {
      const row = await db.selectFrom('crmConnection').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return { ...row, accessToken: open(id, 'access', row.accessToken), refreshToken: open(id, 'refresh', row.refreshToken) };
    },
    async storeTokens(id: string, tokens: CrmTokens): Promise<void> {
      await db
        .updateTable('crmConnection')
        .set({
          accessToken: seal(id, 'access', tokens.accessToken),
          refreshToken: seal(id, 'refresh', tokens.refreshToken),
          expiresAt: tokens.expiresAt,
          updated: Date.now(),
        })
        .where('id', '=', id)
        .execute();
    },
    /** Marks it broken (the CRM refused the grant); true only for the call that changed it, which mails and audits. */
    async markBroken(id: string, error: string, alsoInside: AlsoInside): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('crmConnection')
          .set({ status: 'broken', lastError: error, updated: Date.now() })
          .where('id', '=', id)
          .where('status', '=', 'connected')
          .executeTakeFirst();
        if (!Number(result.numUpdatedRows)) return false;
        await alsoInside?.(trx);
        return true;
      });
    },
    async noteSync(id: string, at: number, error: string | null): Promise<void> {
      await db
        .updateTable('crmConnection')
        .set(error === null ? { lastSyncAt: at, lastError: null } : { lastError: error })
        .where('id', '=', id)
        .execute();
    },
    async saveSettings(id: string, settings: CrmSettings, alsoInside: AlsoInside): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('crmConnection')
          .set({ settings: JSON.stringify(settings), updated: Date.now() })
          .where('id', '=', id)
          .execute();
        await alsoInside?.(trx);
      });
    },
    async remove(id: string, alsoInside: AlsoInside): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('crmSync').where('connectionId', '=', id).execute();
        await trx.deleteFrom('crmConnection').where('id', '=', id).execute();
        await alsoInside?.(trx);
      });
    },
  };
}
export type CrmConnectionRepository = ReturnType<typeof createCrmConnectionRepository>;
