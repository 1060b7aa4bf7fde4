/** Statistics of one profile (issue 12). */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { ProfileStatsPage } from './screens.ts';
