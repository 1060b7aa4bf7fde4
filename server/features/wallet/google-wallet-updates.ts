import type { GoogleWalletObjectTable } from '../../db/tables.ts';
import type { GoogleAccessTokens } from './google-access-token.ts';
import { googleObjectHash, googleObjectPatch, type GoogleGenericObject } from './google-wallet.builder.ts';
import { patchGenericObject, WALLET_API_TIMEOUT_MS, type PatchResult } from './google-wallet-api.ts';
import type { GoogleWalletObjectRepository, ObjectUpdateOutcome } from './google-wallet-object.repository.ts';
import { GOOGLE_UPDATE_DELAY_MS, nextGoogleAttemptAt, retryAfterMs, verdictOf } from './google-update-schedule.ts';
import { TOKEN_TIMEOUT_MS } from './google-access-token.ts';

/** A claimed object is this worker's for this long: longer than a token request and a PATCH can take. */
const LEASE_MS = (TOKEN_TIMEOUT_MS + WALLET_API_TIMEOUT_MS) * 3;

/**
 * Keeps saved Google Wallet passes current (issue 26): a profile change marks the objects of the
 * cards that show it (google-wallet-object.repository.ts, coalesced per object), and this worker,
 * in the background of every instance, claims the due ones every `pollMs` and sends each one
 * `PATCH genericObject/{id}` with what the pass shows now, when that differs from what Google
 * was last given. Failures are retried with backoff (google-update-schedule.ts). Started by
 * server/app.ts when Google Wallet is configured, stopped on close.
 */
export function createGoogleWalletUpdates(deps: {
  /** False without Google Wallet settings: nothing is marked or sent. */
  enabled: boolean;
  objects: GoogleWalletObjectRepository;
  tokens: GoogleAccessTokens;
  /** GOOGLE_WALLET_API_URL. */
  apiUrl: string;
  /** The object as the stored pass should show it now, in its language; undefined when the card is no longer its owner's or has no profile. */
  objectFor: (stored: GoogleWalletObjectTable) => Promise<GoogleGenericObject | undefined>;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void; error(object: object, message: string): void };
  patch?: (apiUrl: string, objectId: string, body: unknown, accessToken: string) => Promise<PatchResult>;
  pollMs?: number;
  batch?: number;
  delayMs?: number;
}) {
  const { objects, tokens, log } = deps;
  const patch = deps.patch ?? patchGenericObject;
  const pollMs = deps.pollMs ?? 500;
  const batch = deps.batch ?? 10;
  const delayMs = deps.delayMs ?? GOOGLE_UPDATE_DELAY_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  /** The marking of the last change, awaited on stop so none writes after the database closed. */
  let marking: Promise<unknown> = Promise.resolve();
  let stopped = true;

  /** Sends one claimed object, if what it shows changed; answers what to record. */
  async function attempt(row: GoogleWalletObjectTable, now: number): Promise<ObjectUpdateOutcome> {
    const object = await deps.objectFor(row);
    // The card was reset or moved, lost its profile, or the issuer changed: this pass is no longer ours to write.
    if (!object || object.id !== row.objectId) return { kind: 'done', result: 'not shown' };
    const contentHash = googleObjectHash(object);
    if (contentHash === row.contentHash) return { kind: 'done', result: 'unchanged' };
    let token: string;
    try {
      token = await tokens.get();
    } catch (error) {
      return retryOrGiveUp(row, now, { status: null, retryAfter: null, error: `token: ${(error as Error).message}` });
    }
    const result = await patch(deps.apiUrl, row.objectId, googleObjectPatch(object), token);
    if (result.status === 401) tokens.invalidate(token);
    const verdict = verdictOf(result.status);
    if (verdict === 'done') return { kind: 'done', contentHash, result: String(result.status) };
    if (verdict === 'retry') return retryOrGiveUp(row, now, result);
    // 404: the owner never saved the pass; there is nothing at Google to update, now or on a retry.
    if (result.status !== 404) log.warn({ objectId: row.objectId, status: result.status, error: result.error }, 'Google Wallet refused a pass update');
    return { kind: 'dropped', result: `${result.status}${result.error ? ` ${result.error}` : ''}`.slice(0, 200) };
  }

  function retryOrGiveUp(row: GoogleWalletObjectTable, now: number, result: PatchResult): ObjectUpdateOutcome {
    const attempts = row.attempts + 1;
    const what = `${result.status ?? 'no answer'}${result.error ? ` ${result.error}` : ''}`.slice(0, 200);
    const next = nextGoogleAttemptAt(attempts, now, retryAfterMs(result.retryAfter, now));
    if (next !== null) return { kind: 'retry', nextAttemptAt: next, result: what };
    log.warn({ objectId: row.objectId, attempts, result: what }, 'Google Wallet pass update given up');
    return { kind: 'dropped', result: `gave up after ${attempts} attempts: ${what}`.slice(0, 200) };
  }

  /** Claims and sends one batch, as if it were `now`; answers how many were claimed. */
  async function runOnce(now = Date.now()): Promise<number> {
    const claimed = await objects.claimDue(now, now + LEASE_MS, batch);
    await Promise.all(
      claimed.map(async (row) => {
        try {
          // Anything unexpected counts as a failed attempt, so it too is retried a bounded number of times.
          const outcome = await attempt(row, now).catch((error: unknown) =>
            retryOrGiveUp(row, now, { status: null, retryAfter: null, error: (error as Error).message }),
          );
          await objects.finish(row, outcome, now, now + delayMs);
        } catch (error) {
          // Not recorded: the lease runs out and the object is claimed again then.
          log.error({ err: error, objectId: row.objectId }, 'Google Wallet pass update failed to record');
        }
      }),
    );
    return claimed.length;
  }

  const tick = () => {
    running = runOnce()
      .catch((error: unknown) => log.error({ err: error }, 'could not claim Google Wallet pass updates; trying again'))
      .then((claimed) => {
        // A full batch: more may be due, go on at once.
        if (!stopped) timer = setTimeout(tick, claimed === batch ? 0 : pollMs).unref();
      });
  };

  return {
    runOnce,
    /**
     * After profiles changed (an edit, a card given another profile, a template's change): the
     * objects of the cards that show them are due in `delayMs`. Returns at once (it runs before
     * the change's request answers); a failure is logged, and the next change marks them again.
     */
    profilesChanged(profileIds: readonly string[]): void {
      if (!deps.enabled || profileIds.length === 0) return;
      marking = Promise.all([
        marking,
        objects
          .scheduleForProfiles(profileIds, Date.now() + delayMs)
          .catch((error: unknown) => log.error({ err: error }, 'Google Wallet: could not mark passes for an update')),
      ]);
    },
    start() {
      if (!deps.enabled || !stopped) return;
      stopped = false;
      timer = setTimeout(tick, pollMs).unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([running, marking]);
    },
  };
}
export type GoogleWalletUpdates = ReturnType<typeof createGoogleWalletUpdates>;
