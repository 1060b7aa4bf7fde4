import { lazyScreen } from '../../components/lazy-screen.ts';

// The Team area's screens for the router (issue 24), each its own chunk.
export const TeamPage = lazyScreen(() => import('./team.page.tsx'));
export const AcceptInvitationPage = lazyScreen(() => import('./accept-invitation.page.tsx'));
