import type { Feature } from '../../http/feature.ts';
import { createSignatureService } from './signature.service.ts';
import signatureRoutes from './signature.routes.ts';

/** Issue 34: e-mail signatures of an owner's profiles and their link icons (issue 26). */
export function createSignaturesFeature(deps: Parameters<typeof createSignatureService>[0]) {
  const services = { signatures: createSignatureService(deps) };
  const feature: Feature<typeof services> = {
    name: 'signatures',
    services,
    async routes(app) {
      await app.register(signatureRoutes, { services });
    },
  };
  return feature;
}
export type SignaturesServices = ReturnType<typeof createSignaturesFeature>['services'];
