import { lazyScreen } from '../../components/lazy-screen.ts';

// The capture screen is its own chunk: the QR reader and everything of issue 36 load only there.
export const CapturePage = lazyScreen(() => import('./capture.page.tsx'));
