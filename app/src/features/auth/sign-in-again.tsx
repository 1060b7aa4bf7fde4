import { useLocation, useNavigate } from 'react-router';
import { AuthErrorCode } from '../../../../shared/error-codes.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from './auth.context.tsx';
import type { FromState } from './require-auth.guard.tsx';

/** Whether a call was refused because the session is older than the server's five minutes (issue 20's "sudo mode"). */
export function needsRecentLogin(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === AuthErrorCode.requiresRecentLogin;
}

/**
 * Issue 20: a call that makes a lasting token needs a sign-in of the last five minutes. This
 * alert says so and sends the owner to the login with the reauth state (login ends the old
 * session and shows its form, address filled in), then back to this screen. `onLeave` runs just
 * before: the screen keeps what was typed (app/src/lib/form-draft.ts) to show it again (issue 35).
 */
export function SignInAgainAlert({ message, action, onLeave }: { message: string; action: string; onLeave?: () => void }) {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const signInAgain = () => {
    onLeave?.();
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash }, reauth: true };
    navigate(`/login?email=${encodeURIComponent(user?.email ?? '')}`, { replace: true, state });
  };
  return (
    <div className="alert alert-error" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-secondary btn-small" onClick={signInAgain}>
        {action}
      </button>
    </div>
  );
}
