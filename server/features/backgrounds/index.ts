/** What other features may use of video-call backgrounds (issue 26): the service's type. */
export type { BackgroundService } from './background.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createBackgroundsFeature, type BackgroundsServices } from './backgrounds.feature.ts';
