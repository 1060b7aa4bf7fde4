import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';

/** What a browser suite works with: its server, its Chromium, and the context of the running test. */
export interface E2eSession<S> {
  server: S;
  browser: Browser;
  /** A context a test opened and wants closed after it, whether the test passed or not. */
  context?: BrowserContext;
}

/**
 * Registers the hooks every browser suite needs: the server (from `start`) and Chromium start
 * together before the file's tests and close after them; a context left in `session.context`
 * is closed after each test. Call it at the top of a test file; the session's fields are set
 * once the file's `beforeAll` hooks have run.
 */
export function useE2eSession<S extends { t: { close(): Promise<void> } }>(start: () => Promise<S>): E2eSession<S> {
  const session = {} as E2eSession<S>;
  beforeAll(async () => {
    [session.server, session.browser] = await Promise.all([start(), launchBrowser()]);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.t.close();
  });
  afterEach(async () => {
    await session.context?.close();
    session.context = undefined;
  });
  return session;
}
