/**
 * What other places may use of the operator's console (issue 28): the service's type and the
 * repositories the command line uses (batches of `mint`, `operator grant|revoke|list`).
 */
export type { OperatorService, OperatorAccess } from './operator.service.ts';
export { createOperatorRepository, type OperatorRepository } from './operator.repository.ts';
export { createInventoryRepository } from './inventory.repository.ts';
