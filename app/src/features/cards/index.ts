/** Cards: registration (stored, scanned or typed), the card preview, the my-card screen and the QR reader other screens show. */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { CardPreviewPage, MyCardPage, RegisterCardPage } from './screens.ts';
export { cardKeys, cardsApi } from './cards.api.ts';
export { readPendingCard } from './pending-card.ts';
export { CardScanner } from './lazy-card-scanner.tsx';
export type { CardScannerProps } from './card-scanner.tsx';
