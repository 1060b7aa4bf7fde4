/** What other features may use of e-mail signatures (issue 26): the service's type. */
export type { SignatureService } from './signature.service.ts';
