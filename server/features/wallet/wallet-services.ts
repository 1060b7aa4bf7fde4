import type { Db, Engine } from '../../db/database.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { createApplePassTokens } from './apple-pass-token.ts';
import { createAppleWebService } from './apple-web-service.service.ts';
import { createGoogleAccessTokens } from './google-access-token.ts';
import { createGoogleWalletObjectRepository } from './google-wallet-object.repository.ts';
import { createGoogleWalletUpdates } from './google-wallet-updates.ts';
import { createPassPusher } from './pass-push.ts';
import { createWalletPassRepository } from './wallet-pass.repository.ts';
import { createWalletService } from './wallet.service.ts';

type WalletDeps = Omit<Parameters<typeof createWalletService>[0], 'passes' | 'tokens' | 'googleObjects'>;

/**
 * The wallet feature's services, built once by `server/wiring.ts` (D11, issue 26): the passes,
 * Apple's web service with its APNs pushes, and the updates of saved Google passes.
 * `profilesChanged` is what a profile change tells them (the wiring hands it the stamps' listener).
 */
export function createWalletServices(
  deps: WalletDeps & {
    db: Db;
    engine: Engine;
    authSecret: string;
    rateLimiter: RateLimiter;
    log: { info(object: object, message: string): void; warn(object: object, message: string): void; error(object: object, message: string): void };
  },
) {
  const { db, engine, authSecret, rateLimiter, log, ...walletDeps } = deps;
  const passes = createWalletPassRepository(db);
  const tokens = createApplePassTokens(authSecret);
  const googleObjects = createGoogleWalletObjectRepository(db, engine);
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
  // Saved Google passes are updated through the Wallet API, from their own outbox.
  const googleWalletUpdates = createGoogleWalletUpdates({
    enabled: Boolean(google.serviceAccountPath && google.issuerId),
    objects: googleObjects,
    tokens: createGoogleAccessTokens({ account: wallet.google.account, tokenUrl: google.tokenUrl }),
    apiUrl: google.apiUrl,
    objectFor: wallet.google.objectFor,
    log,
  });
  return {
    wallet,
    appleWebService,
    googleWalletUpdates,
    profilesChanged(ids: readonly string[]) {
      appleWebService.profilesChanged(ids);
      googleWalletUpdates.profilesChanged(ids);
    },
  };
}
