import type { OutboxMail } from '../../server/mail/mailer.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { axeViolations, CHROMIUM_ARGS, CHROMIUM_PATH, phoneContext } from './support/browser.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const APP_INDEX = path.join(ROOT, 'dist/app/index.html');

/** Token key of the owner app (app/src/lib/token-storage.ts). */
export const TOKEN_KEY = 'cmc.authToken';

/** The owner app's interface languages. */
export type Lng = 'de' | 'en';

/**
 * Builds the owner app once when dist/app is missing: the server serves whatever build it
 * finds at start, and these suites test the built app as a person gets it.
 */
export function ensureAppBuilt(): void {
  if (fs.existsSync(APP_INDEX)) return;
  execFileSync('npx', ['vite', 'build', '--config', 'app/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}

/** The real server with the built app on a free port. */
export interface AppServer {
  t: TestApp;
  base: string;
}

/**
 * Starts the server for one suite; close with `server.t.close()`. It trusts one proxy hop, so
 * each browser context can come from its own address (see {@link appContext}) and the
 * per-address sign-in limits apply per simulated person, not to the whole suite at once.
 */
export async function startAppServer(options: Parameters<typeof createTestApp>[1] = {}): Promise<AppServer> {
  ensureAppBuilt();
  const t = await createTestApp({ TRUST_PROXY: '1' }, options);
  const base = await t.listen();
  return { t, base };
}

let visitor = 0;

/**
 * A phone context in a language, as a person of its own (own storage, own client address);
 * with `user` it starts signed in (the app's token in local storage). `options` adds to the
 * context, e.g. the browser's `timezoneId`.
 */
export async function appContext(browser: Browser, lng: Lng, user?: TestUser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  visitor += 1;
  const context = await phoneContext(browser, {
    locale: lng === 'de' ? 'de-DE' : 'en-GB',
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitor % 250}` },
    ...options,
  });
  await context.addInitScript(
    ([key, token, language]) => {
      // Only on the first page of a context, so a sign-out or a language switch in the test sticks.
      if (sessionStorage.getItem('e2e-init')) return;
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('i18nextLng', language);
      if (token) localStorage.setItem(key, token);
    },
    [TOKEN_KEY, user?.token ?? '', lng] as const,
  );
  return context;
}

type Json = { [key: string]: string | Json };
const cache = new Map<string, Json>();

/**
 * The text of a key as the locale files hold it, with `{{vars}}` filled in, so each assertion
 * checks the very message of SPEC 8 in the language under test.
 */
export function text(lng: Lng, ns: string, key: string, vars: Record<string, string | number> = {}): string {
  const file = path.join(ROOT, 'locales', lng, `${ns}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(fs.readFileSync(file, 'utf8')) as Json);
  let node: string | Json | undefined = cache.get(file);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${lng}/${ns}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/**
 * Fails on any axe-core violation of the screen once it has settled. A screen can still swap
 * in a loading block for a moment after its heading shows (a lazy chunk or a translation
 * file arriving), and axe then finds no heading. So axe runs again for up to 5 s until the
 * screen is clean; a violation that stays fails with axe's list.
 *
 * `exclude` leaves out an element: axe cannot run inside a frame sandboxed without scripts (the
 * e-mail signature's preview, a mail document rather than part of the screen) and waits for it.
 */
export async function expectAccessible(page: Page, screen: string, options: { exclude?: string } = {}): Promise<void> {
  const violations = () => axeViolations(page, options.exclude);
  await expect.poll(violations, { message: `axe on ${screen}`, timeout: 5000, interval: 500 }).toEqual([]);
}

/** The newest mail to `to` whose links include `pathPart`, waiting briefly for it to arrive. */
export async function mailLink(base: string, to: string, pathPart: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await (await fetch(`${base}/_dev/mail`)).json()) as OutboxMail[];
    const link = mails
      .filter((m) => m.to === to)
      .flatMap((m) => m.links)
      .find((l) => l.includes(pathPart));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} with a link to ${pathPart}`);
}

/**
 * Chromium's fake camera plays a .y4m file: this turns an image (a card's QR code) into a
 * 640x480 YUV 4:2:0 clip, the image centred on white, so the reader sees it as a phone would.
 */
export async function y4mFromImage(image: Buffer): Promise<string> {
  const width = 640;
  const height = 480;
  const side = 400;
  const code = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize(side, side, { kernel: 'nearest', fit: 'contain', background: '#ffffff' })
    .toBuffer();
  const luma = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: code, left: (width - side) / 2, top: (height - side) / 2 }])
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = luma.data;
  const channels = luma.info.channels;
  const y = Buffer.alloc(width * height);
  // Studio range (16..235), which is what Chromium's converter expects from a C420 clip.
  for (let i = 0; i < width * height; i++) y[i] = 16 + Math.round((grey[i * channels] * 219) / 255);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fake-camera-')), 'camera.y4m');
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

/** A Chromium whose camera shows `image` (Chromium's fake capture device, camera allowed); close it after the test. */
export async function browserWithCamera(image: Buffer): Promise<Browser> {
  const clip = await y4mFromImage(image);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${clip}`],
  });
}

/**
 * A file just over the app's 5 MB limit. Its content does not matter: the app refuses it by
 * size before anything is sent (SPEC 5), which is what the tests check.
 */
export function oversizedImage(name: string): { name: string; mimeType: string; buffer: Buffer } {
  return { name, mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) };
}

/** A small real photo-like PNG for uploads. */
export function smallPng(colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * Runs a browser flow and, when it fails, keeps a screenshot of the page as it was in
 * E2E_SHOTS_DIR (never in the repository), since a stack trace alone rarely says why.
 */
export async function withFailureShot(page: Page, name: string, flow: () => Promise<void>): Promise<void> {
  try {
    await flow();
  } catch (error) {
    const dir = process.env.E2E_SHOTS_DIR;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `failed-${name}.png`), fullPage: true }).catch(() => undefined);
    }
    throw error;
  }
}
