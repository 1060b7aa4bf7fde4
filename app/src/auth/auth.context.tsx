import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../api/api-client.ts';
import { readToken, writeToken } from '../api/token-storage.ts';
import { authClient, type SessionUser, type SignInResult } from './auth-client.ts';
import { passkeyClient } from './passkey-client.ts';

/** What the app knows about the signed-in owner (SPEC 1). */
export interface AuthState {
  /** The owner, or null when signed out (also null while loading: check `initialised`). */
  user: SessionUser | null;
  /** True once the first sign-in state has been reported; guards wait for it. */
  initialised: boolean;
  /** Signs in and reports the new user, or that the second step (two-factor code) is needed. */
  signIn(email: string, password: string): Promise<SignInResult>;
  /** Takes over the session company sign-in (OIDC) opened; null when there is none. */
  finishCompanySignIn(): Promise<SessionUser | null>;
  /** Signs in with a passkey (issue 13.6); fails with a `PasskeyError` naming why. */
  signInWithPasskey(): Promise<SessionUser>;
  /** The second step of a sign-in with two-factor on. */
  verifySecondFactor(code: string, kind: 'totp' | 'backup'): Promise<SessionUser>;
  /** Creates the account (signed in afterwards) and reports the new user. */
  signUp(email: string, password: string): Promise<SessionUser>;
  /** Signs out and forgets every cached owner answer. */
  signOut(): Promise<void>;
  /** Asks the server again, e.g. after the owner clicked the verification link elsewhere. */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Query key of the session; owner queries live under other keys and are dropped on sign-out. */
export const SESSION_QUERY_KEY = ['session'] as const;

/** Provides {@link AuthState} to the app from one session query. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => {
      if (!readToken()) return null;
      const user = await authClient.getSession();
      // better-auth answers null for a token it no longer knows: drop it so the card page sees "signed out".
      if (!user) writeToken(null);
      return user;
    },
    staleTime: 60_000,
    retry: (count, error) => count < 2 && (error as { status?: number }).status === 0,
  });

  const setUser = useCallback(
    (user: SessionUser | null) => {
      if (!user) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
    [queryClient],
  );

  useEffect(() => {
    // A token the server rejects (expired, revoked) means signed out, not an error screen.
    setUnauthorizedHandler(() => {
      writeToken(null);
      setUser(null);
    });
    return () => setUnauthorizedHandler(null);
  }, [setUser]);

  const value = useMemo<AuthState>(
    () => ({
      user: session.data ?? null,
      // An unreachable server must not leave the guard spinning forever: an error is a reported state.
      initialised: session.isFetched || session.isError,
      async signIn(email, password) {
        const result = await authClient.signIn(email, password);
        if ('user' in result) setUser(result.user);
        return result;
      },
      async finishCompanySignIn() {
        const user = await authClient.finishCompanySignIn();
        if (user) setUser(user);
        return user;
      },
      async signInWithPasskey() {
        const user = await passkeyClient.signIn();
        setUser(user);
        return user;
      },
      async verifySecondFactor(code, kind) {
        const user = await authClient.verifySecondFactor(code, kind);
        setUser(user);
        return user;
      },
      async signUp(email, password) {
        const user = await authClient.signUp(email, password);
        setUser(readToken() ? user : null);
        return user;
      },
      async signOut() {
        await authClient.signOut().catch(() => undefined);
        setUser(null);
      },
      async refresh() {
        await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
      },
    }),
    [session.data, session.isFetched, session.isError, setUser, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The current user and whether the first sign-in state is known (SPEC 1). */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
