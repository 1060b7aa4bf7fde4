import type { Db } from '../../db/database.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { createApplePassTokens } from './apple-pass-token.ts';
import { createAppleWebService } from './apple-web-service.service.ts';
import { createGoogleAccessTokens } from './google-access-token.ts';
import { createGoogleWalletObjectRepository } from './google-wallet-object.repository.ts';
import { createGoogleWalletUpdates } from './google-wallet-updates.ts';
import { createPassPusher } from './pass-push.ts';
import { createWalletPassRepository } from './wallet-pass.repository.ts';
import { createWalletService } from './wallet.service.ts';
import type { Feature } from '../../http/feature.ts';
import walletRoutes from './wallet.routes.ts';
import appleWebServiceRoutes from './apple-web-service.routes.ts';

type WalletDeps = Omit<Parameters<typeof createWalletService>[0], 'passes' | 'tokens' | 'googleObjects'>;

/**
 * Issue 34: the wallet feature (D11, issue 26): the passes,
 * Apple's web service with its APNs pushes, and the updates of saved Google passes. A profile
 * change marks the Google objects that show it inside its own transaction (`onChangeInside`),
 * and reaches the Apple passes as the platform outbox's `profiles.changed` message (issue 34),
 * written in that transaction too; this feature handles it and its own `wallet.google.object` and
 * `wallet.apple.push` messages.
 */
export function createWalletFeature(
  deps: WalletDeps & {
    db: Db;
    outbox: Pick<Outbox, 'enqueue' | 'handle' | 'runOnce' | 'pause' | 'resume'>;
    authSecret: string;
    rateLimiter: RateLimiter;
    log: { info(object: object, message: string): void; warn(object: object, message: string): void; error(object: object, message: string): void };
  },
) {
  const { db, outbox, authSecret, rateLimiter, log, ...walletDeps } = deps;
  const passes = createWalletPassRepository(db, outbox);
  const tokens = createApplePassTokens(authSecret);
  const googleObjects = createGoogleWalletObjectRepository(db, outbox);
  const wallet = createWalletService({ ...walletDeps, passes, tokens, googleObjects });
  const { apple, google } = walletDeps.config.wallet;
  const appleWebService = createAppleWebService({
    passTypeId: apple.passTypeId,
    passes,
    tokens,
    wallet,
    rateLimiter,
    pusher: apple.push && createPassPusher({ ...apple.push, teamId: apple.teamId, passTypeId: apple.passTypeId }),
    log,
  });
  // Saved Google passes are updated through the Wallet API, as messages of the outbox.
  const googleWalletUpdates = createGoogleWalletUpdates({
    enabled: Boolean(google.serviceAccountPath && google.issuerId),
    outbox,
    objects: googleObjects,
    tokens: createGoogleAccessTokens({ account: wallet.google.account, tokenUrl: google.tokenUrl }),
    apiUrl: google.apiUrl,
    objectFor: wallet.google.objectFor,
    log,
  });
  outbox.handle('profiles.changed', ({ profileIds }) => appleWebService.profilesChanged(profileIds));
  outbox.handle('wallet.apple.push', ({ serialNumbers }) => appleWebService.push(serialNumbers), { leaseMs: 60_000 });
  // Inside every profile change's transaction: the Google objects that show the profiles are marked.
  walletDeps.profiles.onChangeInside(googleWalletUpdates.profilesChanged);
  const services = { wallet, appleWebService, googleWalletUpdates };
  const feature: Feature<typeof services> = {
    name: 'wallet',
    services,
    async routes(app) {
      await app.register(walletRoutes, { services });
      await app.register(appleWebServiceRoutes, { services });
    },
    stop: () => appleWebService.close(),
  };
  return feature;
}
export type WalletServices = ReturnType<typeof createWalletFeature>['services'];
