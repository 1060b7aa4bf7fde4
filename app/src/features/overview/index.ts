/** The overview, the owner's home screen: the verification prompt, then cards with wallet badges and the profile list. */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { OverviewPage } from './screens.ts';
