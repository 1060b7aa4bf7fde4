import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_DIST_DIR } from '../../server/app.ts';
import { registerCard } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { readZip } from '../support/zip-archive.ts';
import { launchBrowser, maybeScreenshot, phoneContext } from './support/browser.ts';

// The wallet flow of the owner app (SPEC 2 Overview, SPEC 7 wallet results, D11) in Chromium
// against the real server and the built app: the Apple and Google badges open the card picker,
// a picked card downloads the signed .pkpass or opens Google's save link, and each result of
// SPEC 7 (card load error, download error, download success) shows a toast.

const ISSUER_ID = '3388000000012345678';
const SERVICE_ACCOUNT_EMAIL = 'wallet-e2e@contact-cards-test.iam.gserviceaccount.com';
const GOOGLE_SAVE = /^https:\/\/pay\.google\.com\/gp\/v\/save\/([^/?#]+)$/;

// The English texts the owner sees (locales/en/*.json); the picker dialog is named by its title.
const TEXT = {
  email: 'Email address',
  password: 'Password',
  logIn: 'Log in',
  appleBadge: /Apple Wallet/,
  googleBadge: /Google Wallet/,
  pickApple: 'Which card should go into Apple Wallet?',
  pickGoogle: 'Which card should go into Google Wallet?',
  success: 'Your wallet pass is ready.',
  downloadError: 'The wallet pass could not be created. Please try again.',
  cardLoadError: 'Your cards could not be loaded.',
  notConfigured: 'This wallet has not been set up on this server yet.',
  unavailable: 'Currently unavailable',
  cancel: 'Cancel',
} as const;

interface Server {
  t: TestApp;
  base: string;
  owner: TestUser;
  /** A card whose profile shows PROFILE_NAME. */
  cardId: string;
  /** A card of the same owner whose profile was detached: the server answers 409. */
  bareCardId: string;
}
const PROFILE_NAME = 'Trade fair profile';

let scratch: string;
let publicKeyPem: string;
let server: Server;
let browser: Browser;
let context: BrowserContext | undefined;

/** The real server on a free port with an owner holding one card with and one without a profile. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const t = await createTestApp(env);
  const owner = await t.signUp();
  const card = await registerCard(t, owner, 'firstEditionDark');
  const update = await t.post(
    '/profile/update',
    { id: card.cardProfileId, profileName: PROFILE_NAME, firstName: 'Jürgen', lastName: 'Größe', jobTitle: 'Engineer', companyName: 'Müller GmbH' },
    owner,
  );
  if (update.status !== 200) throw new Error(`profile update failed: ${update.status} ${update.raw}`);
  const bare = await registerCard(t, owner, 'rainbow');
  await t.app.db.updateTable('card').set({ profileId: null }).where('id', '=', bare.cardId).execute();
  const base = await t.listen();
  return { t, base, owner, cardId: card.cardId, bareCardId: bare.cardId };
}

beforeAll(async () => {
  // Without the built owner app the server answers its API only: say so instead of timing out.
  if (!existsSync(path.join(APP_DIST_DIR, 'index.html'))) throw new Error('dist/app is missing: run `npm run build` before the browser suites');
  scratch = await mkdtemp(path.join(tmpdir(), 'wallet-e2e-'));
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  publicKeyPem = keys.publicKey;
  const keyFile = path.join(scratch, 'service-account.json');
  await writeFile(keyFile, JSON.stringify({ type: 'service_account', client_email: SERVICE_ACCOUNT_EMAIL, private_key: keys.privateKey }));
  [server, browser] = await Promise.all([startServer({ GOOGLE_WALLET_SERVICE_ACCOUNT: keyFile, GOOGLE_WALLET_ISSUER_ID: ISSUER_ID }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.t.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** Signs in through the login form, as the owner does, and waits for the overview. */
async function openOverview(target: Server, prepare?: (context: BrowserContext) => Promise<unknown>): Promise<Page> {
  context = await phoneContext(browser, { locale: 'en-GB' });
  // No internet here: Google's save page answers from the test, so the navigation to it completes.
  await context.route(/^https:\/\/pay\.google\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Wallet</title>' }),
  );
  await prepare?.(context);
  const page = await context.newPage();
  await page.goto(`${target.base}/login`);
  await page.getByLabel(TEXT.email).fill(target.owner.email);
  await page.getByLabel(TEXT.password).fill(target.owner.password);
  await page.getByRole('button', { name: TEXT.logIn, exact: true }).click();
  await page.waitForURL(`${target.base}/`);
  await expect.poll(() => page.getByRole('button', { name: TEXT.appleBadge }).isVisible()).toBe(true);
  return page;
}

/** The toasts of react-toastify's container (a live region named "Notifications"). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('alert');

/** Waits until a toast with exactly `text` shows; answers its locator. */
async function expectToast(page: Page, text: string) {
  const toast = toasts(page).filter({ hasText: text });
  await toast.first().waitFor({ state: 'visible', timeout: 10_000 });
  return toast;
}

const picker = (page: Page, kind: 'apple' | 'google') => page.getByRole('dialog', { name: kind === 'apple' ? TEXT.pickApple : TEXT.pickGoogle });
const cardButton = (page: Page, kind: 'apple' | 'google', name: string | RegExp) => picker(page, kind).getByRole('button', { name });

async function openPicker(page: Page, kind: 'apple' | 'google') {
  await page.getByRole('button', { name: kind === 'apple' ? TEXT.appleBadge : TEXT.googleBadge }).click();
  await picker(page, kind).waitFor({ state: 'visible' });
}

describe('wallet badges on the overview', () => {
  it('shows an Apple and a Google wallet badge that each open the card-picker dialog listing the owner’s cards', async () => {
    const page = await openOverview(server);
    for (const kind of ['apple', 'google'] as const) {
      await openPicker(page, kind);
      const dialog = picker(page, kind);
      await expect.poll(() => dialog.getByRole('button', { name: new RegExp(PROFILE_NAME) }).count()).toBe(1);
      await expect.poll(() => dialog.getByRole('button', { name: /No profile assigned/ }).count()).toBe(1);
      await maybeScreenshot(page, `wallet-picker-${kind}`);
      await dialog.getByRole('button', { name: TEXT.cancel }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    }
  });
});

describe('Apple Wallet', () => {
  it('downloads WalletCard-{id}.pkpass for the picked card, whose QR holds the card link, and toasts success', async () => {
    const page = await openOverview(server);
    await openPicker(page, 'apple');
    const [download] = await Promise.all([page.waitForEvent('download'), cardButton(page, 'apple', new RegExp(PROFILE_NAME)).click()]);
    expect(download.suggestedFilename()).toBe(`WalletCard-${server.cardId}.pkpass`);
    const files = readZip(await readFile((await download.path())!));
    const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
    expect(pass.serialNumber).toBe(server.cardId);
    expect(pass.barcodes[0].message).toBe(`${server.t.config.publicUrl}/card/${server.cardId}?src=wallet`);
    expect(files.has('signature')).toBe(true);

    await expectToast(page, TEXT.success);
    await expect.poll(() => picker(page, 'apple').isVisible()).toBe(false);
    await maybeScreenshot(page, 'wallet-apple-success');
  });

  it('toasts the download error for a card without a profile and downloads nothing', async () => {
    const page = await openOverview(server);
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    await openPicker(page, 'apple');
    const answer = page.waitForResponse((res) => res.url().endsWith(`/wallet/download/${server.bareCardId}`));
    await cardButton(page, 'apple', /No profile assigned/).click();
    expect((await answer).status()).toBe(409);
    await expectToast(page, TEXT.downloadError);
    expect(downloaded).toBe(false);
    expect(await toasts(page).filter({ hasText: TEXT.success }).count()).toBe(0);
  });
});

describe('Google Wallet', () => {
  it('opens the Save to Google Wallet link of the picked card, signed with the service account', async () => {
    const page = await openOverview(server);
    await openPicker(page, 'google');
    await cardButton(page, 'google', new RegExp(PROFILE_NAME)).click();
    await page.waitForURL(GOOGLE_SAVE);
    const jwt = GOOGLE_SAVE.exec(page.url())![1];
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKeyPem, 'RS256'), { issuer: SERVICE_ACCOUNT_EMAIL, audience: 'google' });
    const object = (payload as { payload: { genericObjects: Array<{ id: string; barcode: { value: string } }> } }).payload.genericObjects[0];
    expect(object.id).toBe(`${ISSUER_ID}.${server.cardId}`);
    expect(object.barcode.value).toBe(`${server.t.config.publicUrl}/card/${server.cardId}?src=wallet`);
  });

  it('toasts the download error for a card without a profile and stays in the app', async () => {
    const page = await openOverview(server);
    await openPicker(page, 'google');
    await cardButton(page, 'google', /No profile assigned/).click();
    await expectToast(page, TEXT.downloadError);
    expect(page.url()).toBe(`${server.base}/`);
  });
});

describe('card load error', () => {
  it('toasts the card load error when the owner’s cards cannot be loaded for the picker', async () => {
    // The network drops the card list: SPEC 7's "card load error" of the wallet flow.
    const page = await openOverview(server, (ctx) => ctx.route(/\/find\/own\/cards$/, (route) => route.abort('failed')));
    await openPicker(page, 'apple');
    await expectToast(page, TEXT.cardLoadError);
    expect(
      await picker(page, 'apple')
        .getByRole('button', { name: new RegExp(PROFILE_NAME) })
        .count(),
    ).toBe(0);
    await maybeScreenshot(page, 'wallet-card-load-error');
  });
});

describe('a server without Google Wallet settings', () => {
  let bare: Server;
  beforeAll(async () => {
    bare = await startServer({});
  });
  afterAll(async () => bare?.t.close());

  it('says the Google badge is unavailable and disables it, so no picker opens into an error (issue 23)', async () => {
    const page = await openOverview(bare);
    const google = page.getByRole('button', { name: TEXT.googleBadge });
    await expect.poll(() => google.textContent()).toContain(TEXT.unavailable);
    expect(await google.isDisabled()).toBe(true);
    expect(await picker(page, 'google').isVisible()).toBe(false);
    // The server still answers D11's 503 to a client that asks anyway.
    const res = await bare.t.post('/wallet/google/save-url', { cardId: bare.cardId }, bare.owner);
    expect(res.status).toBe(503);
    expect(await page.getByRole('button', { name: TEXT.appleBadge }).textContent()).not.toContain(TEXT.unavailable);
  });

  it('still downloads the Apple pass there, signed with the development certificate', async () => {
    const page = await openOverview(bare);
    await openPicker(page, 'apple');
    const [download] = await Promise.all([page.waitForEvent('download'), cardButton(page, 'apple', new RegExp(PROFILE_NAME)).click()]);
    expect(download.suggestedFilename()).toBe(`WalletCard-${bare.cardId}.pkpass`);
    await expectToast(page, TEXT.success);
    expect(existsSync(path.join(bare.t.config.dataDir, 'wallet-dev', 'dev-pass-signer.pem'))).toBe(true);
  });
});
