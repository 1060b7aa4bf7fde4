import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiRequest, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { ownerQueryHooks } from '../../lib/owner-query-hooks.ts';
import { readToken, writeToken } from '../../lib/token-storage.ts';
import { authClient, type SessionUser, type SignInResult } from './auth-client.ts';

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

/** The browser's IANA time zone, or undefined where the runtime does not name one. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const AuthContext = createContext<AuthState | null>(null);

/** Where the signed-in owner is remembered for an offline start (cleared with the session). */
const KNOWN_USER_KEY = 'cmc.knownUser';
function readKnownUser(): SessionUser | null {
  try {
    return JSON.parse(localStorage.getItem(KNOWN_USER_KEY) ?? 'null') as SessionUser | null;
  } catch {
    return null;
  }
}
function writeKnownUser(user: SessionUser | null): void {
  try {
    if (user) localStorage.setItem(KNOWN_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(KNOWN_USER_KEY);
  } catch {
    // Storage blocked: an offline start then shows the sign-in.
  }
}

/** How long a loaded session is trusted before the tab's return to the foreground asks again. */
const SESSION_FRESH_MS = 60_000;

/**
 * The session as the server knows it, or null (no token, or one better-auth no longer knows:
 * dropped, so the card page sees "signed out"). An unreachable server is asked twice more.
 */
async function loadSession(): Promise<SessionUser | null> {
  for (let attempt = 0; ; attempt++) {
    if (!readToken()) return null;
    try {
      const user = await authClient.getSession();
      if (!user) writeToken(null);
      return user;
    } catch (error) {
      if ((error as { status?: number }).status === 0 && attempt >= 2) {
        // Issue 36: offline (a fair's bad Wi-Fi), the app opened from its kept shell goes on as the
        // owner last seen with this token; the server still checks the token on every call.
        const known = readKnownUser();
        if (known) return known;
      }
      if (attempt >= 2 || (error as { status?: number }).status !== 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    }
  }
}

/**
 * Provides {@link AuthState} to the app. Its own small store, not a query (issue 22: the sign-in
 * path loads no query library); the owner data cache is told of a sign-out through
 * `lib/owner-query-hooks.ts`.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<{ user: SessionUser | null; initialised: boolean }>({ user: null, initialised: false });
  const loadedAt = useRef(0);

  const setUser = useCallback((user: SessionUser | null) => {
    if (!user) ownerQueryHooks.signedOut();
    writeKnownUser(user);
    loadedAt.current = Date.now();
    setSession({ user, initialised: true });
  }, []);

  /** Asks the server again; a failure keeps what is known (and reports the state as known). */
  const reload = useCallback(
    () =>
      loadSession().then(setUser, () => {
        // An unreachable server must not leave the guard spinning forever: an error is a reported state.
        setSession((known) => ({ ...known, initialised: true }));
      }),
    [setUser],
  );

  useEffect(() => {
    void loadSession().then(setUser, () => setSession((known) => ({ ...known, initialised: true })));
    // Like a query's refetch on focus: back in a tab after a while, the session is asked again
    // (the e-mail may have been confirmed elsewhere, the session ended on another device).
    const onVisible = () => {
      if (document.visibilityState === 'visible' && readToken() && Date.now() - loadedAt.current > SESSION_FRESH_MS) void reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload, setUser]);

  // Issue 23: statistics and the leads export count in the owner's days. The browser's zone is
  // stored with the account when it differs (first sign-in, a new device, travel); failing is harmless.
  const storedZone = session.user?.timeZone;
  const signedIn = Boolean(session.user);
  useEffect(() => {
    if (!signedIn) return;
    const timeZone = browserTimeZone();
    if (timeZone && timeZone !== storedZone) {
      apiRequest('/account/time-zone', { body: { timeZone } })
        .then(() => setSession((known) => (known.user ? { ...known, user: { ...known.user, timeZone } } : known)))
        .catch(() => undefined);
    }
  }, [signedIn, storedZone]);

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
      user: session.user,
      initialised: session.initialised,
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
        // Loaded when a passkey sign-in starts, not with the first load (issue 22).
        const { passkeyClient } = await import('./passkey-client.ts');
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
        await reload();
      },
    }),
    [session.user, session.initialised, setUser, reload],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The current user and whether the first sign-in state is known (SPEC 1). */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
