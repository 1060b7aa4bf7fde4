import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

/** Navigation state that leaves a guarded screen without asking (after a save or a delete). */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const;

type Go = (...args: unknown[]) => void;
interface PatchableNavigator {
  push: Go;
  replace: Go;
}

/**
 * Holds every in-app navigation of `navigator` (links, menus, `navigate()`) until `ask` says
 * yes, and asks the browser's question on reload or close. Returns what undoes both.
 */
function holdNavigation(navigator: unknown, ask: () => Promise<boolean>): () => void {
  const nav = navigator as PatchableNavigator;
  const { push, replace } = nav;
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers still need a return value to ask.
    event.returnValue = '';
  };
  const release = () => {
    nav.push = push;
    nav.replace = replace;
    window.removeEventListener('beforeunload', onBeforeUnload);
  };
  const guarded =
    (go: Go): Go =>
    (...args) => {
      const state = args[1] as { leaveWithoutAsking?: boolean } | undefined;
      if (state?.leaveWithoutAsking) {
        release();
        go.apply(nav, args);
        return;
      }
      void ask().then((leave) => {
        if (!leave) return;
        release();
        go.apply(nav, args);
      });
    };
  nav.push = guarded(push);
  nav.replace = guarded(replace);
  window.addEventListener('beforeunload', onBeforeUnload);
  return release;
}

/**
 * Issue 23: while `dirty`, leaving the screen asks first. A reload, closing the tab or an
 * address typed in get the browser's own question (`beforeunload`); every in-app navigation
 * goes through the router's navigator, which is held until `ask` says yes. The app uses the
 * declarative router, which has no `useBlocker`, and a data router would add some 15 KB gzip to
 * every first load (issue 22). The browser's own back button is not held (it cannot be, there).
 * A navigation whose state is {@link LEAVE_WITHOUT_ASKING} passes (the screen's save or delete).
 */
export function useLeaveGuard(dirty: boolean, ask: () => Promise<boolean>): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const askRef = useRef(ask);
  useEffect(() => {
    askRef.current = ask;
  }, [ask]);

  useEffect(() => (dirty ? holdNavigation(navigator, () => askRef.current()) : undefined), [dirty, navigator]);
}
