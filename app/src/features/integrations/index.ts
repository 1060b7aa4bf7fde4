/** Issue 25: webhooks and API tokens. */
// What the router (app.tsx) may use of this feature. Only re-exports (app/build/feature-barrels.plugin.ts).
export { IntegrationsPage } from './screens.ts';
