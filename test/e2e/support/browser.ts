import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium; `.ci/run` installs it when it is missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags for a quiet, reproducible headless Chromium in a container: no sandbox (no user
 * namespaces there), no GPU, and none of the background traffic (updates, sync, QUIC probes)
 * that would add requests to what a test measures.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone as the visitor holds it after a scan: 360 px wide, touch, a high-density screen. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** Starts Chromium; one per test file, closed in afterAll. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh phone-sized context (own storage and cookies) in a language, with or without JavaScript. */
export function phoneContext(
  browser: Browser,
  options: { locale?: string; javaScriptEnabled?: boolean } & BrowserContextOptions = {},
): Promise<BrowserContext> {
  // The owner app's service worker (issue 36) is blocked unless a suite allows it: page.route does
  // not see what a worker answers from its cache, and most suites route requests.
  return browser.newContext({ ...PHONE, acceptDownloads: true, serviceWorkers: 'block', ...options });
}

/**
 * Saves a screenshot when E2E_SHOTS_DIR is set (e.g. /tmp/shots), so a person can look at
 * the pages in both languages and widths; screenshots never go into the repository.
 */
export async function maybeScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false });
}

/** axe-core's violations on the page as `rule (impact): target` lines, so a failure names what to fix; `exclude` leaves out an element. */
export async function axeViolations(page: Page, exclude?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}
