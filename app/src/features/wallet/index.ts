/** Wallet passes: the Apple and Google badges, the card picker and the pass download. */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { CardPickerDialog } from './card-picker.dialog.tsx';
export { WalletBadge } from './wallet-badge.tsx';
export type { WalletKind } from './wallet-pass.ts';
