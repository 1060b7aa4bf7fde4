/**
 * Issue 35: holds the browser's (and Android's) Back and Forward while a screen has unsaved work.
 * When `popstate` fires the browser has already moved to the other history entry; the router
 * would now show that entry's screen and drop the unsaved work. This listener runs before the
 * router's own: listeners of one event on one target run in the order they were added (on
 * `window`, capturing or not, Chromium included), and {@link installHistoryGuard} adds it before
 * the router mounts. While a screen holds the history, it stops the event, moves the browser back
 * to the entry the screen is on (React Router's `idx` in `history.state` says how far the person
 * went; that second `popstate` is swallowed too) and asks the screen; only when the screen says
 * go does the same move happen again, now seen by the router as an ordinary one. This is what
 * React Router's `useBlocker` does inside a data router, which the app does without
 * (docs/decisions.md).
 */

/** Asked when the person pressed Back or Forward; calls `proceed` to let the move happen. */
export type HistoryHold = (proceed: () => void) => void;

let hold: { entry: number | null; ask: HistoryHold } | null = null;
// The next popstate is the browser coming back to the held entry, not the person leaving.
let returning = false;
let installed = false;

/** The router's index of the current history entry (React Router keeps it as `idx` in the entry's state). */
const entryIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

function onPopState(event: PopStateEvent) {
  if (returning) {
    returning = false;
    event.stopImmediatePropagation();
    return;
  }
  if (!hold) return;
  event.stopImmediatePropagation();
  const now = entryIndex();
  const delta = now !== null && hold.entry !== null ? now - hold.entry : -1;
  if (delta === 0) return;
  returning = true;
  window.history.go(-delta);
  hold.ask(() => {
    hold = null;
    window.history.go(delta);
  });
}

/** Adds the listener; call once, before the router mounts (app.tsx does, at import). */
export function installHistoryGuard(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('popstate', onPopState);
}

/**
 * Holds Back and Forward on the current entry until the returned function releases it (or
 * `ask`'s `proceed` is called). One screen holds it at a time: a later hold replaces an earlier one.
 */
export function holdHistory(ask: HistoryHold): () => void {
  const mine = { entry: entryIndex(), ask };
  hold = mine;
  return () => {
    if (hold === mine) hold = null;
  };
}
