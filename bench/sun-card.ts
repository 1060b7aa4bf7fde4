import { randomBytes } from 'node:crypto';
import { openDatabase } from '../server/db/database.ts';
import { createSecretBox } from '../server/lib/secret-box.ts';
import { encodeTap } from '../server/features/taps/sun.ts';
import { SUN_KEY_PURPOSE } from '../server/features/taps/taps.feature.ts';

/** A phone's browser: its scans count as visits. */
export const PHONE = { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1' };

/**
 * Issue 38's bench card: a card with SUN keys, written into the running server's SQLite file as
 * `POST /operator/batch/create` with `sun` stores it (keys sealed under the bench's AUTH_SECRET),
 * and one tap of it. wrk sends that one address again and again: after the first, each request
 * is a replay, which does all a verified tap does (decrypt, MAC, the conditional UPDATE) and
 * reads the chip once more.
 */
export async function seedSunCard(dataDir: string, authSecret: string): Promise<{ cardId: string; tapQuery: string }> {
  const { db, close } = openDatabase({ dataDir });
  try {
    const cardId = `bench${randomBytes(4).toString('hex')}`;
    const batchId = `benchsun${randomBytes(3).toString('hex')}`;
    const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
    const box = createSecretBox(authSecret, SUN_KEY_PURPOSE);
    await db
      .insertInto('card')
      .values({
        id: cardId,
        edition: 'rainbow',
        minted: Date.now(),
        batchId,
        userId: null,
        profileId: null,
        registered: null,
        blocked: null,
        organisationId: null,
        firstRegistered: null,
      })
      .execute();
    await db
      .insertInto('tapBatchKey')
      .values({
        batchId,
        metaReadKey: box.seal(keys.metaReadKey.toString('hex').toUpperCase(), `tap-key:${batchId}:meta`),
        fileReadKey: box.seal(keys.fileReadKey.toString('hex').toUpperCase(), `tap-key:${batchId}:file`),
        diversified: 0,
        created: Date.now(),
      })
      .execute();
    await db.insertInto('cardChip').values({ cardId, batchId, uid: null, counter: -1, lastVerified: null }).execute();
    const tap = encodeTap(keys, randomBytes(7), 1);
    return { cardId, tapQuery: `picc_data=${tap.piccData}&cmac=${tap.cmac}` };
  } finally {
    await close();
  }
}
