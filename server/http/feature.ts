import type { FastifyPluginAsync } from 'fastify';

/**
 * Issue 34: one feature as server/wiring.ts composes it. `create<Feature>Feature(deps)` (in
 * `server/features/<f>/<f>.feature.ts`) builds the feature's repositories and services from the
 * platform and the services of the features built before it, and returns this: its services
 * (what later features and the lifecycle may use), the plugin that registers its routes with
 * those services as options (never a bag of every service), and what runs at start and close.
 */
export interface Feature<S extends object = object> {
  /** The feature's folder under server/features/. */
  name: string;
  services: S;
  /** Registers the feature's routes (server/app.ts, in composition order); a feature without routes has none. */
  routes?: FastifyPluginAsync;
  /** Run once the app is built (timers, workers). */
  start?(): void;
  /** Run on close, in reverse composition order, before the database closes. */
  stop?(): Promise<unknown> | void;
}
