import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

/** Navigation state that leaves a guarded screen without asking (after a save or a delete). */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const;

/** The person's answer to "leave without saving?" (issue 35 adds "save and leave"). */
export type LeaveChoice = 'stay' | 'leave' | 'save';

type Go = (...args: unknown[]) => void;
interface PatchableNavigator {
  push: Go;
  replace: Go;
}

/** The router's index of the current history entry (React Router keeps it as `idx` in the entry's state). */
const entryIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/**
 * Holds every way of leaving while `decide` has not said to go: in-app navigations of `navigator`
 * (links, menus, `navigate()`), the browser's and Android's Back and Forward buttons (a history
 * move, "POP"), and reload or close (the browser's own question). Returns what undoes all three.
 *
 * Back and Forward: the browser has already moved to the other entry when `popstate` fires. A
 * capturing listener on `window` runs before the router's own (registered without capture, so
 * it runs later at the target) and stops it, moves the browser back to the editor's entry (that
 * second `popstate` is swallowed too), and only if the person chooses to leave lets the same move
 * happen again, now seen by the router. React Router's `useBlocker` does the same, but only with
 * a data router (docs/decisions.md: not on the first load).
 */
function holdNavigation(navigator: unknown, decide: (proceed: () => void) => Promise<void>): () => void {
  const nav = navigator as PatchableNavigator;
  const { push, replace } = nav;
  const entry = entryIndex();
  // The next popstate is the browser coming back to the editor's entry, not the person leaving.
  let returning = false;
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers still need a return value to ask.
    event.returnValue = '';
  };
  const onPopState = (event: PopStateEvent) => {
    event.stopImmediatePropagation();
    if (returning) {
      returning = false;
      return;
    }
    const now = entryIndex();
    // How far the person moved (Back is -1; a long press on Back may skip several entries).
    const delta = now !== null && entry !== null ? now - entry : -1;
    if (delta === 0) return;
    returning = true;
    window.history.go(-delta);
    void decide(() => window.history.go(delta));
  };
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    nav.push = push;
    nav.replace = replace;
    window.removeEventListener('beforeunload', onBeforeUnload);
    window.removeEventListener('popstate', onPopState, { capture: true });
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
  window.addEventListener('popstate', onPopState, { capture: true });
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
