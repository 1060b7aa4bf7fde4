/**
 * What other features may use of the CRM connectors (issue 37): the service's type. Lead changes
 * reach it through the EventOutbox its `leadEvents` service wraps (server/wiring.ts hands it to the leads).
 */
export type { CrmService } from './crm.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createCrmFeature, type CrmServices } from './crm.feature.ts';
