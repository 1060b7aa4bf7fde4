/** What other features may use of e-mail signatures (issue 26): the service's type. */
export type { SignatureService } from './signature.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createSignaturesFeature, type SignaturesServices } from './signatures.feature.ts';
