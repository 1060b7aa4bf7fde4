/** Capture (issue 36): the screen that reads paper cards and codes into contacts. */
// What the router (app.tsx) may use of this feature (issue 21). Only re-exports (app/build/feature-barrels.plugin.ts).
export { CapturePage, FollowUpSettingsPage } from './screens.ts';
