import { lazyScreen } from '../../components/lazy-screen.ts';

// The Integrations screen is its own chunk.
export const IntegrationsPage = lazyScreen(() => import('./integrations.page.tsx'));
