/**
 * What other places may use of the operator's console (issue 28): the service's types. The
 * command line, an entry point, builds its repositories itself (issue 34: an index.ts lends no
 * repository); the taps get the granted operators as the `operatorGrants` service.
 */
export type { OperatorService, OperatorAccess } from './operator.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createOperatorFeature, type OperatorServices } from './operator.feature.ts';
