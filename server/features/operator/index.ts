/**
 * What other places may use of the operator's console (issue 28): the service's types and the
 * repository's type. The command line, an entry point, builds its repositories itself (issue 34:
 * an index.ts lends no repository).
 */
export type { OperatorService, OperatorAccess } from './operator.service.ts';
export type { OperatorRepository } from './operator.repository.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createOperatorFeature, type OperatorServices } from './operator.feature.ts';
