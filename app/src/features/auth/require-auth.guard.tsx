import { lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/spinner.tsx';
import { useAuth } from './auth.context.tsx';

/** Where a guarded route came from, so login can send the owner back there. */
export interface FromState {
  from?: { pathname: string; search: string; hash: string };
  /** Set when the owner was sent to sign in again (stale sign-in): login must not skip its form. */
  reauth?: boolean;
}

/** The owner data cache, loaded with the first signed-in screen (issue 22); the app's Suspense shows its spinner meanwhile. */
const OwnerQueries = lazy(() => import('../../lib/owner-queries.tsx'));

/**
 * SPEC 2's guard: a spinner until the sign-in state is known, then an anonymous visitor goes
 * to /login with the requested location as state, replacing the history entry.
 */
export function RequireAuth() {
  const { user, initialised } = useAuth();
  const location = useLocation();
  if (!initialised) return <PageSpinner />;
  if (!user) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <OwnerQueries>
      <Outlet />
    </OwnerQueries>
  );
}
