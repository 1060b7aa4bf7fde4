import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '../../../shared/error-codes.ts';
import type { SunBundle, SunRequest, TapAlertList, TapPage, TapResult } from '../../../shared/schemas/tap.schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { newTimeOrderedId } from '../../lib/ids.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { chipFileReadKey } from './key-diversification.ts';
import { decryptPiccData, isSunShape, macHolds, type PiccData } from './sun.ts';
import { chipSettings, encodeCard } from './sun-encoding.ts';
import { tapAlertMail } from './tap-mails.ts';
import { presentTap } from './tap.presenter.ts';
import type { TapRepository } from './tap.repository.ts';

/** A lead left this soon after a verified tap of its card was "met in person". */
export const MET_IN_PERSON_MS = 30 * 60_000;
/** A profile view says `src=tap` only this soon after a verified tap of its card (else it counts as `nfc`). */
export const TAP_VISIT_MS = 2 * 60_000;
/** Replayed and invalid taps recorded per card and hour; past it they are judged but not stored (a flood adds no rows). */
export const TAP_RECORD_RULE: RateRule = { name: 'tap-record', max: 120, windowMs: 3_600_000 };
/** Clone-alert mails per hour over the whole fleet, whatever floods. */
export const TAP_ALERT_MAIL_RULE: RateRule = { name: 'tap-alert-mail', max: 50, windowMs: 3_600_000 };
const PAGE_SIZE = 50;
const ALERT_DAYS = 30;
const DAY_MS = 86_400_000;
/** Opened keys of SUN cards kept per process (a card's batch and keys never change). */
const KEY_CACHE_MAX = 20_000;

interface OpenedKeys {
  metaReadKey: Buffer;
  /** The file-read key, or the master key when `diversified`. */
  fileReadKey: Buffer;
  diversified: boolean;
}

const sealContext = (batchId: string, key: 'meta' | 'file') => `tap-key:${batchId}:${key}`;

/**
 * Issue 38: batches with SUN keys, each tap judged (verified, replayed, invalid), the operator's
 * view of taps and clone alerts. A tap's judgement never fails a page: `verify` answers null on
 * any error, and the tap is stored (with its alert and mail) after the answer.
 */
export function createTapService(deps: {
  publicUrl: string;
  taps: TapRepository;
  box: SecretBox;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Whether a card exists (the cards feature). */
  cardExists: (cardId: string) => Promise<boolean>;
  /** Everyone who gets the clone alerts: the operators. */
  operatorEmails: () => Promise<string[]>;
  now?: () => number;
}) {
  const { taps, box, log, rateLimiter, now = Date.now } = deps;
  const keyCache = new Map<string, OpenedKeys | null>();
  const pending = new Set<Promise<void>>();
  // Per process: the highest counter this process verified per card (counters only rise, so any
  // counter at or below it is a replay on every instance: no query), and the non-verified taps
  // stored per card this hour (a flood of copies stops here before it reaches the database).
  const verifiedHere = new Map<string, { counter: number; uid: string }>();
  const storedHere = new Map<string, { hour: number; count: number }>();

  async function keysOf(cardId: string): Promise<{ keys: OpenedKeys } | null> {
    let keys = keyCache.get(cardId);
    if (keys === undefined) {
      const row = await taps.chipKeys(cardId);
      keys = row
        ? {
            metaReadKey: Buffer.from(box.open(row.metaReadKey, sealContext(row.batchId, 'meta')), 'hex'),
            fileReadKey: Buffer.from(box.open(row.fileReadKey, sealContext(row.batchId, 'file')), 'hex'),
            diversified: row.diversified === 1,
          }
        : null;
      if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
      keyCache.set(cardId, keys);
    }
    return keys ? { keys } : null;
  }

  /** Stores a judged tap, and on a card's first replayed or invalid tap of the day mails the operators. */
  async function record(cardId: string, result: TapResult, at: number, id: string, picc: PiccData | null) {
    if (result !== 'verified') {
      const hour = Math.floor(at / TAP_RECORD_RULE.windowMs);
      const stored = storedHere.get(cardId);
      const count = stored?.hour === hour ? stored.count + 1 : 1;
      if (storedHere.size >= KEY_CACHE_MAX) storedHere.clear();
      storedHere.set(cardId, { hour, count });
      if (count > TAP_RECORD_RULE.max || !(await rateLimiter.hit(TAP_RECORD_RULE, cardId)).allowed) return;
    }
    const uid = picc ? picc.uid.toString('hex').toUpperCase() : null;
    await taps.insertTap({ id, cardId, at, result, counter: picc?.counter ?? null, uid });
    if (result === 'verified' || !(await taps.claimAlert(cardId, new Date(at).toISOString().slice(0, 10), at))) return;
    if (!(await rateLimiter.hit(TAP_ALERT_MAIL_RULE, 'fleet')).allowed) return;
    for (const to of await deps.operatorEmails()) await deps.mailer.send(tapAlertMail({ to, cardId, result, appUrl: `${deps.publicUrl}/operator` }));
  }

  function later(work: Promise<void>) {
    const done = work.catch((error: unknown) => log.error({ err: error }, 'could not record a tap')).finally(() => pending.delete(done));
    pending.add(done);
  }

  async function judge(cardId: string, keys: OpenedKeys, piccData: string, cmac: string, at: number) {
    if (!isSunShape(piccData, cmac)) return { result: 'invalid' as const, picc: null };
    const picc = decryptPiccData(keys.metaReadKey, piccData);
    if (!picc) return { result: 'invalid' as const, picc: null };
    const fileReadKey = keys.diversified ? chipFileReadKey(keys.fileReadKey, picc.uid) : keys.fileReadKey;
    if (!macHolds(fileReadKey, picc, cmac)) return { result: 'invalid' as const, picc: null };
    const uid = picc.uid.toString('hex').toUpperCase();
    const known = verifiedHere.get(cardId);
    if (known && known.uid !== uid) return { result: 'invalid' as const, picc };
    if (known && picc.counter <= known.counter) return { result: 'replayed' as const, picc };
    if (await taps.advance(cardId, uid, picc.counter, at)) {
      if (verifiedHere.size >= KEY_CACHE_MAX) verifiedHere.clear();
      if (!known || known.counter < picc.counter) verifiedHere.set(cardId, { counter: picc.counter, uid });
      return { result: 'verified' as const, picc };
    }
    // Not raised: the counter was not higher (a copied link), or another chip's UID is bound (a clone).
    const chip = await taps.chip(cardId);
    return { result: chip?.uid && chip.uid !== uid ? ('invalid' as const) : ('replayed' as const), picc };
  }

  return {
    /**
     * Judges a tap of `cardId` with the chip's `picc_data` and `cmac`: null when the card has no
     * SUN keys or anything fails (the page is answered as if unverified). One conditional UPDATE
     * decides a counter across instances; the tap is stored after.
     */
    async verify(cardId: string, piccData: string, cmac: string): Promise<TapResult | null> {
      try {
        const found = await keysOf(cardId);
        if (!found) return null;
        const at = now();
        // Named as it arrives: taps of the same millisecond are listed in the order they came (they are stored later, in any order).
        const id = newTimeOrderedId(at);
        const { result, picc } = await judge(cardId, found.keys, piccData, cmac, at);
        later(record(cardId, result, at, id, picc));
        return result;
      } catch (error) {
        log.error({ err: error, cardId }, 'could not verify a tap');
        return null;
      }
    },

    /** Whether `cardId` had a verified tap within `withinMs` before now (never throws). */
    async verifiedWithin(cardId: string, withinMs: number, at = now()): Promise<boolean> {
      if (!cardId) return false;
      try {
        const last = await taps.lastVerified(cardId);
        return last !== null && last <= at && at - last <= withinMs;
      } catch (error) {
        log.error({ err: error, cardId }, 'could not read the last verified tap');
        return false;
      }
    },

    /** The tests and a graceful stop wait for the taps still being stored. */
    async settled(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },

    /** Throws a 400 naming `sun` when the origin (PUBLIC_URL, or an organisation's page host) makes a card's address too long for the chip. */
    checkEncoding(origin: string = deps.publicUrl): void {
      try {
        encodeCard(origin, 'X'.repeat(16));
      } catch (error) {
        throw new AppError(400, ErrorCode.invalidInput, `sun: ${(error as Error).message}`, 'sun');
      }
    },

    /**
     * Stores a new batch's keys (sealed) and its chips, and answers the encoding bundle with the
     * keys: the only time they are shown. The chips' address starts with `origin`: PUBLIC_URL, or
     * `https://{host}` for a batch minted with an organisation's page host (issue 39).
     */
    async createBatchKeys(batchId: string, sun: SunRequest, cardIds: string[], origin: string = deps.publicUrl): Promise<SunBundle> {
      const metaReadKey = sun.generate ? randomBytes(16).toString('hex').toUpperCase() : sun.metaReadKey!;
      const fileReadKey = sun.generate ? randomBytes(16).toString('hex').toUpperCase() : sun.fileReadKey!;
      const diversified = Boolean(sun.generate && sun.diversify);
      const cards = cardIds.map((id) => encodeCard(origin, id));
      await taps.insertBatchKeys({
        batchId,
        metaReadKey: box.seal(metaReadKey, sealContext(batchId, 'meta')),
        fileReadKey: box.seal(fileReadKey, sealContext(batchId, 'file')),
        diversified: diversified ? 1 : 0,
        created: now(),
      });
      return {
        keys: { metaReadKey, fileReadKey: diversified ? null : fileReadKey, fileReadMasterKey: diversified ? fileReadKey : null },
        chip: chipSettings(diversified),
        cards,
      };
    },

    /** GET /operator/card/taps: a card's taps, newest first; 404 for a card that does not exist. */
    async listTaps(cardId: string, cursor?: string): Promise<TapPage> {
      if (!(await deps.cardExists(cardId))) throw notFound(ErrorCode.cardNotFound, 'This card does not exist.');
      const after = parseCursor(cursor);
      const rows = await taps.tapsOf(cardId, PAGE_SIZE + 1, after);
      const page = rows.slice(0, PAGE_SIZE);
      const last = page[page.length - 1];
      return { taps: page.map(presentTap), nextCursor: rows.length > PAGE_SIZE && last ? `${last.at}.${last.id}` : null };
    },

    /** GET /operator/taps/alerts: cards with replayed or invalid taps in the last 30 days. */
    async alerts(): Promise<TapAlertList> {
      return { cards: await taps.alerts(now() - ALERT_DAYS * DAY_MS, 200) };
    },
  };
}
export type TapService = ReturnType<typeof createTapService>;

function parseCursor(cursor: string | undefined): { at: number; id: string } | undefined {
  if (!cursor) return undefined;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(cursor);
  if (!match) throw new AppError(400, ErrorCode.invalidInput, 'cursor: must be the nextCursor of the page before', 'cursor');
  return { at: Number(match[1]), id: match[2]! };
}
