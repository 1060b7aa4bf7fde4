/**
 * What other features may use of verified taps (issue 38): the service's type, the reading of a
 * chip's parameters from a page request, and the windows that make a visit a tap and a lead
 * "met in person".
 */
export type { TapService } from './tap.service.ts';
export { MET_IN_PERSON_MS, TAP_VISIT_MS } from './tap.service.ts';
export { sunParams, withoutSunParams } from './sun-params.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createTapsFeature, type TapsServices } from './taps.feature.ts';
