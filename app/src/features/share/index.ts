/** Sharing a profile: the share button and its panel (links, QR code). */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { ShareButton } from './share-button.tsx';
export { SignaturePage } from './screens.ts';
