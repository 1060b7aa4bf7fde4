import type { GoogleWalletObjectTable } from '../../db/tables.ts';
import type { GoogleAccessTokens } from './google-access-token.ts';
import { googleObjectHash, googleObjectPatch, type GoogleGenericObject } from './google-wallet.builder.ts';
import { patchGenericObject, WALLET_API_TIMEOUT_MS, type PatchResult } from './google-wallet-api.ts';
import type { GoogleWalletObjectRepository, ObjectUpdateOutcome } from './google-wallet-object.repository.ts';
import { GOOGLE_RETRY_POLICY, GOOGLE_UPDATE_DELAY_MS, nextGoogleAttemptAt, retryAfterMs, verdictOf } from './google-update-schedule.ts';
import type { Outbox, OutboxContext } from '../../outbox/outbox.ts';
import type { Db } from '../../db/database.ts';
import { TOKEN_TIMEOUT_MS } from './google-access-token.ts';

/** A claimed object is its worker's for this long: longer than a token request and a PATCH can take. */
const LEASE_MS = (TOKEN_TIMEOUT_MS + WALLET_API_TIMEOUT_MS) * 3;

/**
 * Keeps saved Google Wallet passes current (issue 26) as the handler of the platform outbox's
 * `wallet.google.object` messages (issue 34, docs/outbox.md). A profile change marks the objects
 * of the cards that show it (google-wallet-object.repository.ts, coalesced per object) with their
 * messages; the outbox's worker claims each due one, and this sends `PATCH genericObject/{id}`
 * with what the pass shows now, when that differs from what Google was last given. Failures are
 * retried on the Google schedule (google-update-schedule.ts); an update given up is the outbox's
 * dead letter. Answers what tests and the wiring steer: `runOnce` sends the due updates now,
 * `stop`/`start` keep the background worker off them and let it take them again.
 */
export function createGoogleWalletUpdates(deps: {
  /** False without Google Wallet settings: nothing is marked or sent. */
  enabled: boolean;
  outbox: Pick<Outbox, 'handle' | 'runOnce' | 'pause' | 'resume'>;
  objects: GoogleWalletObjectRepository;
  tokens: GoogleAccessTokens;
  /** GOOGLE_WALLET_API_URL. */
  apiUrl: string;
  /** The object as the stored pass should show it now, in its language; undefined when the card is no longer its owner's or has no profile. */
  objectFor: (stored: GoogleWalletObjectTable) => Promise<GoogleGenericObject | undefined>;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void; error(object: object, message: string): void };
  patch?: (apiUrl: string, objectId: string, body: unknown, accessToken: string) => Promise<PatchResult>;
  delayMs?: number;
}) {
  const { objects, tokens, log, outbox } = deps;
  const patch = deps.patch ?? patchGenericObject;
  const delayMs = deps.delayMs ?? GOOGLE_UPDATE_DELAY_MS;

  /** Sends one claimed object, if what it shows changed; answers what to record. */
  async function attempt(row: GoogleWalletObjectTable, context: OutboxContext): Promise<ObjectUpdateOutcome> {
    const object = await deps.objectFor(row);
    // The card was reset or moved, lost its profile, or the issuer changed: this pass is no longer ours to write.
    if (!object || object.id !== row.objectId) return { kind: 'done', result: 'not shown' };
    const contentHash = googleObjectHash(object);
    if (contentHash === row.contentHash) return { kind: 'done', result: 'unchanged' };
    let token: string;
    try {
      token = await tokens.get();
    } catch (error) {
      return retryOrGiveUp(row, context, { status: null, retryAfter: null, error: `token: ${(error as Error).message}` });
    }
    const result = await patch(deps.apiUrl, row.objectId, googleObjectPatch(object), token);
    if (result.status === 401) tokens.invalidate(token);
    const verdict = verdictOf(result.status);
    if (verdict === 'done') return { kind: 'done', contentHash, result: String(result.status) };
    if (verdict === 'retry') return retryOrGiveUp(row, context, result);
    // 404: the owner never saved the pass; there is nothing at Google to update, now or on a retry.
    if (result.status !== 404) log.warn({ objectId: row.objectId, status: result.status, error: result.error }, 'Google Wallet refused a pass update');
    return { kind: 'dropped', result: `${result.status}${result.error ? ` ${result.error}` : ''}`.slice(0, 200) };
  }

  function retryOrGiveUp(row: GoogleWalletObjectTable, context: OutboxContext, result: PatchResult): ObjectUpdateOutcome {
    const attempts = row.attempts + 1;
    const what = `${result.status ?? 'no answer'}${result.error ? ` ${result.error}` : ''}`.slice(0, 200);
    const next = nextGoogleAttemptAt(attempts, context.now, retryAfterMs(result.retryAfter, context.now));
    if (next !== null) return { kind: 'retry', nextAttemptAt: next, result: what };
    log.warn({ objectId: row.objectId, attempts, result: what }, 'Google Wallet pass update given up');
    return { kind: 'dropped', result: `gave up after ${attempts} attempts: ${what}`.slice(0, 200) };
  }

  outbox.handle(
    'wallet.google.object',
    async ({ objectId }, context) => {
      const row = await objects.claim(objectId, context.now, context.now + LEASE_MS);
      // Nothing pending, or another worker sends it now (and again after, if it changed meanwhile).
      if (!row) return;
      // Anything unexpected counts as a failed attempt, so it too is retried a bounded number of times.
      const outcome = await attempt(row, context).catch((error: unknown) =>
        retryOrGiveUp(row, context, { status: null, retryAfter: null, error: (error as Error).message }),
      );
      if (!(await objects.finish(row, outcome, context.now, context.now + delayMs))) return;
      if (outcome.kind === 'retry') return { retryAt: outcome.nextAttemptAt, error: outcome.result };
      if (outcome.kind === 'dropped' && outcome.result.startsWith('gave up')) return { dead: outcome.result };
    },
    { policy: GOOGLE_RETRY_POLICY, leaseMs: LEASE_MS },
  );

  const types = ['wallet.google.object'] as const;
  return {
    /** Sends the updates due at `now` (by default now) and waits for them; answers how many were claimed. */
    runOnce: (now = Date.now()) => outbox.runOnce({ now, types }),
    /**
     * Inside the transaction `trx` of a profile change (an edit, a card given another profile, a
     * template's change): the objects of the cards that show them are due in `delayMs`, with
     * their messages, so an update exists exactly when the change does.
     */
    async profilesChanged(trx: Db, profileIds: readonly string[]): Promise<void> {
      if (deps.enabled) await objects.scheduleForProfiles(trx, profileIds, Date.now() + delayMs);
    },
    /** The background worker sends the due updates (again). */
    start: () => deps.enabled && outbox.resume(types),
    /** The background worker leaves the updates alone (waits for the ones in flight). */
    stop: () => outbox.pause(types),
  };
}
export type GoogleWalletUpdates = ReturnType<typeof createGoogleWalletUpdates>;
