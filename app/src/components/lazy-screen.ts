import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/** Screens whose chunk failed to load; "try again" gives each a fresh `lazy`. */
const failed = new Set<() => void>();

/**
 * A lazily loaded screen that can be loaded again. React's `lazy` keeps a failed import for
 * good, so a screen whose chunk failed while the server was away would stay broken until a
 * reload; this one forgets the failure when {@link retryFailedScreens} runs.
 */
export function lazyScreen(loader: Loader): ComponentType {
  let Screen: LazyExoticComponent<ComponentType> = make();
  function make() {
    return lazy(() =>
      loader().catch((error: unknown) => {
        failed.add(reset);
        throw error;
      }),
    );
  }
  function reset() {
    Screen = make();
  }
  return function LazyScreen() {
    return createElement(Screen);
  };
}

/** Lets every screen whose chunk failed try its import again on its next render. */
export function retryFailedScreens(): void {
  for (const reset of failed) reset();
  failed.clear();
}
