/** What other features may use of the wallet passes (issue 21: only through this file): the service's type. */
export type { WalletService } from './wallet.service.ts';
