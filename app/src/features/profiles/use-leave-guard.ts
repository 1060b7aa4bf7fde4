import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { holdHistory } from '../../lib/history-guard.ts';

/** Navigation state that leaves a guarded screen without asking (after a save or a delete). */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const;

/** The person's answer to "leave without saving?" (issue 35 adds "save and leave"). */
export type LeaveChoice = 'stay' | 'leave' | 'save';

type Go = (...args: unknown[]) => void;
interface PatchableNavigator {
  push: Go;
  replace: Go;
}

/**
 * Holds every way of leaving while `decide` has not said to go: in-app navigations of `navigator`
 * (links, menus, `navigate()`), the browser's and Android's Back and Forward (a history move,
 * "POP", held by `app/src/lib/history-guard.ts`), and reload or close (the browser's own
 * question). Returns what undoes all three.
 */
function holdNavigation(navigator: unknown, decide: (proceed: () => void) => Promise<void>): () => void {
  const nav = navigator as PatchableNavigator;
  const { push, replace } = nav;
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers still need a return value to ask.
    event.returnValue = '';
  };
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    nav.push = push;
    nav.replace = replace;
    window.removeEventListener('beforeunload', onBeforeUnload);
    releaseHistory();
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
      void decide(() => go.apply(nav, args));
    };
  nav.push = guarded(push);
  nav.replace = guarded(replace);
  window.addEventListener('beforeunload', onBeforeUnload);
  const releaseHistory = holdHistory((proceed) => void decide(proceed));
  return release;
}

/**
 * Issue 23, with issue 35's Back button and "Save and leave": while `dirty`, leaving the screen
 * asks first. A reload, closing the tab or an address typed in get the browser's own question
 * (`beforeunload`); in-app navigations and the browser's (and Android's) Back and Forward wait
 * for `ask`. "Stay" stays; "Leave" goes on; "Save and leave" goes on once `save` has stored the
 * draft (a refused save stays, with its error on screen). A navigation whose state is
 * {@link LEAVE_WITHOUT_ASKING} passes (the screen's save or delete).
 */
export function useLeaveGuard(dirty: boolean, ask: () => Promise<LeaveChoice>, save: () => Promise<boolean>): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const latest = useRef({ ask, save });
  useEffect(() => {
    latest.current = { ask, save };
  }, [ask, save]);

  useEffect(() => {
    if (!dirty) return undefined;
    let release = () => {};
    const decide = async (proceed: () => void) => {
      const choice = await latest.current.ask();
      if (choice === 'stay') return;
      if (choice === 'save' && !(await latest.current.save())) return;
      release();
      proceed();
    };
    release = holdNavigation(navigator, decide);
    return release;
  }, [dirty, navigator]);
}
