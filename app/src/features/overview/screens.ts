import { lazyScreen } from '../../components/lazy-screen.ts';

// The feature's screens for the router (app.tsx imports them through index.ts). Every screen is
// its own chunk; `lazyScreen` can load a chunk again after a failure (issue 23).
export const OverviewPage = lazyScreen(() => import('./overview.page.tsx'));
