import { ErrorCode } from '../../../shared/error-codes.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { ApplePassTokens } from './apple-pass-token.ts';
import type { PassPusher } from './pass-push.ts';
import type { WalletPassRepository } from './wallet-pass.repository.ts';
import { passStamp, type WalletService } from './wallet.service.ts';

const HOUR_MS = 3_600_000;

/**
 * Limits of Apple's web service, per client address (every instance counts alike). A fetched
 * pass is signed and its images drawn: that is what costs CPU, so it has the tightest limit.
 */
export const APPLE_WEB_SERVICE_RATE_RULES = {
  register: { name: 'apple-pass-register', max: 120, windowMs: HOUR_MS },
  list: { name: 'apple-pass-list', max: 600, windowMs: HOUR_MS },
  fetch: { name: 'apple-pass-fetch', max: 60, windowMs: HOUR_MS },
  log: { name: 'apple-pass-log', max: 60, windowMs: HOUR_MS },
} as const satisfies Record<string, RateRule>;
const TOO_MANY = 'Too many pass requests from this address. Please try again later.';

const unauthorized = () => new AppError(401, ErrorCode.unauthorized, 'This pass does not authorize the request.');

/**
 * Apple's web service for passes ("Adding a web service to update passes"), issue 26: devices
 * register a downloaded pass, ask which of theirs changed since a tag, and fetch the latest
 * version. A pass changed when what it would show now differs from what it showed (its content
 * hash): checked whenever a device asks, so a profile or card edit needs no hook here.
 */
export function createAppleWebService(deps: {
  passTypeId: string;
  passes: WalletPassRepository;
  tokens: ApplePassTokens;
  wallet: Pick<WalletService, 'updatablePass'>;
  rateLimiter: RateLimiter;
  /** APNs, when the operator configured a key; without it devices refresh passes by themselves. */
  pusher?: PassPusher;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}) {
  const { passTypeId, passes, tokens, wallet, rateLimiter, pusher, log } = deps;
  const limit = (rule: RateRule, client: string) => rateLimiter.consume([[rule, client]], TOO_MANY);

  /** The pass the request names, if its token is right and the card is still that owner's, with a profile. */
  async function authorized(type: string, serialNumber: string, authorization: string | undefined) {
    const pass = type === passTypeId ? await passes.find(serialNumber) : undefined;
    if (!pass || !tokens.accepts(authorization, serialNumber, pass.userId)) throw unauthorized();
    const current = await wallet.updatablePass.current(pass.userId, serialNumber);
    if (!current) throw unauthorized();
    return { pass: await refreshed(pass, current.contentHash), current };
  }

  /** The pass with `updated` moved, when what it shows changed since it was stored. */
  async function refreshed<P extends { serialNumber: string; contentHash: string; updated: number }>(pass: P, contentHash: string): Promise<P> {
    if (pass.contentHash === contentHash) return pass;
    const updated = passStamp(Date.now(), pass.updated);
    await passes.touch(pass.serialNumber, contentHash, updated);
    return { ...pass, contentHash, updated };
  }

  return {
    /** POST …/registrations/{type}/{serial}: 201 for a new registration, 200 for a known one. */
    async register(client: string, device: string, type: string, serialNumber: string, authorization: string | undefined, pushToken: string) {
      await limit(APPLE_WEB_SERVICE_RATE_RULES.register, client);
      await authorized(type, serialNumber, authorization);
      const outcome = await passes.register(device, serialNumber, pushToken, Date.now());
      if (outcome === 'full') throw new AppError(429, ErrorCode.rateLimited, 'This pass is registered on too many devices.');
      return outcome === 'created' ? 201 : 200;
    },

    /** DELETE …/registrations/{type}/{serial}: the device no longer wants updates. */
    async unregister(client: string, device: string, type: string, serialNumber: string, authorization: string | undefined): Promise<void> {
      await limit(APPLE_WEB_SERVICE_RATE_RULES.register, client);
      await authorized(type, serialNumber, authorization);
      await passes.unregister(device, serialNumber);
    },

    /**
     * GET …/registrations/{type}?passesUpdatedSince={tag}: the serial numbers of the device's
     * passes changed after the tag (all of them without one), and the tag to send next time;
     * null (204) when none changed. A pass whose card left its owner is left out.
     */
    async updatedSince(client: string, device: string, type: string, since: number | undefined) {
      await limit(APPLE_WEB_SERVICE_RATE_RULES.list, client);
      if (type !== passTypeId) throw notFound(ErrorCode.notFound, 'Unknown pass type.');
      const stored = await passes.passesOfDevice(device);
      const current = [];
      for (const pass of stored) {
        const now = await wallet.updatablePass.current(pass.userId, pass.serialNumber);
        if (now) current.push(await refreshed(pass, now.contentHash));
      }
      const changed = current.filter((pass) => since === undefined || pass.updated > since);
      if (changed.length === 0) return null;
      return { serialNumbers: changed.map((p) => p.serialNumber), lastUpdated: String(Math.max(...current.map((p) => p.updated))) };
    },

    /** GET …/passes/{type}/{serial}: the latest signed pass, or 'not-modified' when the device holds it. */
    async latest(client: string, type: string, serialNumber: string, authorization: string | undefined, ifModifiedSince: number | undefined) {
      await limit(APPLE_WEB_SERVICE_RATE_RULES.fetch, client);
      const { pass, current } = await authorized(type, serialNumber, authorization);
      if (ifModifiedSince !== undefined && pass.updated <= ifModifiedSince) return { notModified: true as const, lastModified: pass.updated };
      return { data: await wallet.updatablePass.sign(pass.userId, current), lastModified: pass.updated };
    },

    /**
     * After profiles changed (a profile edit, a card given another profile), as the outbox's
     * `profiles.changed` handler runs it: the registered passes that show them and now show
     * something else get their new `updated` and a `wallet.apple.push` message, in one
     * transaction (wallet-pass.repository.ts#pushChanged): a crash before it leaves the message to
     * be handled again, and handlers of two changes to one profile push its passes once.
     */
    async profilesChanged(profileIds: readonly string[]): Promise<void> {
      if (!pusher) return;
      const changed = [];
      for (const pass of await passes.registeredShowing(profileIds)) {
        const now = await wallet.updatablePass.current(pass.userId, pass.serialNumber);
        if (now && now.contentHash !== pass.contentHash)
          changed.push({ serialNumber: pass.serialNumber, from: pass.contentHash, contentHash: now.contentHash, updated: passStamp(Date.now(), pass.updated) });
      }
      await passes.pushChanged(changed);
    },

    /**
     * A `wallet.apple.push` message: the devices of these passes are told to fetch them. A token
     * APNs calls gone is forgotten; when APNs could not take some (no answer, 429, 5xx), the
     * message fails and the outbox tries it again with its backoff.
     */
    async push(serialNumbers: readonly string[]): Promise<void> {
      if (!pusher) return;
      const { gone, failed } = await pusher.push(await passes.pushTokens(serialNumbers));
      await passes.forgetPushTokens(gone);
      if (failed.length) throw new Error(`APNs did not take ${failed.length} push(es): ${failed[0]}`);
    },

    close: () => pusher?.close(),

    /** POST …/log: what devices report going wrong with passes, into the server's log (bounded). */
    async log(client: string, logs: readonly string[]): Promise<void> {
      await limit(APPLE_WEB_SERVICE_RATE_RULES.log, client);
      for (const line of logs.slice(0, 20)) log.warn({ client, line: line.slice(0, 500) }, 'Apple Wallet device log');
    },
  };
}
export type AppleWebService = ReturnType<typeof createAppleWebService>;
