import type { Db, Engine } from '../../db/database.ts';
import type { WebhookEndpointTable } from '../../db/tables.ts';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box.ts';
import { isPlainWebhookSecret, openWebhookSecret, sealWebhookSecret } from './webhook-signing.ts';

/** The secret, or null when it does not open: sealed under another AUTH_SECRET (or changed in the database). */
function openOrNull(box: SecretBox, stored: string, endpointId: string): string | null {
  try {
    return openWebhookSecret(box, stored, endpointId);
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}

/** Work another feature does inside the same transaction (issue 33: an organisation's audit entry). */
export type AlsoInside = (trx: Db) => Promise<void>;

/** A new endpoint's row as it is stored: its secrets sealed. */
export const sealedEndpointRow = (box: SecretBox, row: WebhookEndpointTable): WebhookEndpointTable => ({
  ...row,
  secret: sealWebhookSecret(box, row.secret, row.id),
  previousSecret: row.previousSecret === null ? null : sealWebhookSecret(box, row.previousSecret, row.id),
});

/** The secrets that sign for an endpoint, from their stored form; null where one does not open. */
export const openedSecrets = (box: SecretBox, endpoint: { id: string; secret: string; previousSecret: string | null }) => ({
  secret: openOrNull(box, endpoint.secret, endpoint.id),
  previousSecret: endpoint.previousSecret === null ? null : openOrNull(box, endpoint.previousSecret, endpoint.id),
});

/**
 * SQL of the endpoints' secrets, which are stored sealed (`enc:v1:`, webhook-signing.ts): a
 * database dump or backup holds no secret that signs. webhook.repository.ts is built on it, so
 * every write of `secret` and `previousSecret` goes through here; secrets stored plain before
 * (`whsec_…`) are still read, and sealed by `sealPlainSecrets` at the worker's start.
 */
export function createWebhookSecretRows(db: Db, engine: Engine, box: SecretBox) {
  const seal = (secret: string, endpointId: string) => sealWebhookSecret(box, secret, endpointId);
  return {
    /** Stores a new endpoint, its secret sealed; `alsoInside` in the same transaction. */
    async insertEndpoint(row: WebhookEndpointTable, alsoInside?: AlsoInside): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('webhookEndpoint').values(sealedEndpointRow(box, row)).execute();
        await alsoInside?.(trx);
      });
    },
    /**
     * Issue 25's rotation: `secret` becomes the endpoint's secret and the current one its previous
     * until `previousUntil`, both sealed afresh (a plain one stored before is sealed here too). A
     * current secret that does not open (AUTH_SECRET changed) cannot sign, so none is kept then.
     * The row is locked while it is read and written (PostgreSQL; SQLite has one writer), so two
     * rotations at once keep the secret each other's answer named. False when it is not `userId`'s.
     * `alsoInside` runs in the same transaction (issue 33: an organisation's audit entry).
     */
    async rotateSecretOwn(userId: string, id: string, secret: string, previousUntil: number, now: number, alsoInside?: AlsoInside): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        let query = trx.selectFrom('webhookEndpoint').select('secret').where('id', '=', id).where('userId', '=', userId);
        if (engine === 'postgres') query = query.forUpdate();
        const current = await query.executeTakeFirst();
        if (!current) return false;
        const previous = openOrNull(box, current.secret, id);
        await trx
          .updateTable('webhookEndpoint')
          .set({
            secret: seal(secret, id),
            previousSecret: previous === null ? null : seal(previous, id),
            previousSecretUntil: previous === null ? null : previousUntil,
            updated: now,
          })
          .where('id', '=', id)
          .execute();
        await alsoInside?.(trx);
        return true;
      });
    },

    /**
     * Seals every secret still stored plain (rows written before secrets were encrypted), a page of
     * rows at a time. Each row is written only if it is still as read, so a rotation meanwhile wins;
     * instances starting together seal each row once. Answers how many rows it sealed.
     */
    async sealPlainSecrets(): Promise<number> {
      let sealed = 0;
      for (let after = ''; ;) {
        const rows = await db
          .selectFrom('webhookEndpoint')
          .select(['id', 'secret', 'previousSecret'])
          .where('id', '>', after)
          .where((eb) => eb.or([eb('secret', 'like', 'whsec%'), eb('previousSecret', 'like', 'whsec%')]))
          .orderBy('id')
          .limit(200)
          .execute();
        if (!rows.length) return sealed;
        for (const row of rows) {
          const previous = row.previousSecret;
          if (!isPlainWebhookSecret(row.secret) && !(previous !== null && isPlainWebhookSecret(previous))) continue;
          const result = await db
            .updateTable('webhookEndpoint')
            .set({
              secret: isPlainWebhookSecret(row.secret) ? seal(row.secret, row.id) : row.secret,
              previousSecret: previous !== null && isPlainWebhookSecret(previous) ? seal(previous, row.id) : previous,
            })
            .where('id', '=', row.id)
            .where('secret', '=', row.secret)
            .where((eb) => (previous === null ? eb('previousSecret', 'is', null) : eb('previousSecret', '=', previous)))
            .executeTakeFirst();
          sealed += Number(result.numUpdatedRows);
        }
        after = rows[rows.length - 1].id;
      }
    },
  };
}
