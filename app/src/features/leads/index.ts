/** Leads: the contacts screen, its details dialog and exports, and the navigation's contacts link with the count of new leads. */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { LeadsPage } from './screens.ts';
export { LeadsNavLink } from './leads-nav-link.tsx';
