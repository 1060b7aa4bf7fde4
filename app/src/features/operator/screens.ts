import { lazyScreen } from '../../components/lazy-screen.ts';

// The console is its own chunk: owners never load it (issue 28).
export const ConsolePage = lazyScreen(() => import('./console.page.tsx'));
