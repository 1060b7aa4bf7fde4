/** What other features may use of the wallet passes (issue 21: only through this file): the service's type. */
export type { WalletService } from './wallet.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createWalletFeature, type WalletServices } from './wallet.feature.ts';
