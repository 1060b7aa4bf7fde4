import type { Feature } from '../../http/feature.ts';
import { createBackgroundService } from './background.service.ts';
import backgroundRoutes from './background.routes.ts';

/** Issue 34: video-call backgrounds of an owner's profiles (issue 26). */
export function createBackgroundsFeature(deps: Parameters<typeof createBackgroundService>[0]) {
  const services = { backgrounds: createBackgroundService(deps) };
  const feature: Feature<typeof services> = {
    name: 'backgrounds',
    services,
    async routes(app) {
      await app.register(backgroundRoutes, { services });
    },
  };
  return feature;
}
export type BackgroundsServices = ReturnType<typeof createBackgroundsFeature>['services'];
