/** Issue 25: webhooks and API tokens. */
// What the router (app.tsx) may use of this feature. Only re-exports (app/build/feature-barrels.plugin.ts).
export { IntegrationsPage } from './screens.ts';
// Issue 37: a lead's CRM state in the leads' details dialog; the CRM section in the Team area.
export { LeadCrmState } from './crm-lead-state.tsx';
export { CrmSection } from './crm.section.tsx';
