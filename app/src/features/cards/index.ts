/** Cards: registration (stored, scanned or typed), the card preview and the my-card screen. */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { CardPreviewPage, MyCardPage, RegisterCardPage } from './screens.ts';
export { cardKeys, cardsApi } from './cards.api.ts';
export { readPendingCard } from './pending-card.ts';
