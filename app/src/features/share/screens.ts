import { lazyScreen } from '../../components/lazy-screen.ts';

// The feature's screen for the router (app.tsx imports it through index.ts): its own chunk.
export const SignaturePage = lazyScreen(() => import('./signature.page.tsx'));
