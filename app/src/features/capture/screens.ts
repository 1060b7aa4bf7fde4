import { lazyScreen } from '../../components/lazy-screen.ts';

// The capture screen is its own chunk: the QR reader and everything of issue 36 load only there.
export const CapturePage = lazyScreen(() => import('./capture.page.tsx'));
// Issue 36: the follow-up mail's texts and meeting link, a chunk of its own.
export const FollowUpSettingsPage = lazyScreen(() => import('./follow-up-settings.page.tsx'));
