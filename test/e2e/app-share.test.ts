import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { BROWSER_UA, createProfile } from '../support/factories.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 23, point 4: every profile has a share panel, from the overview and the editor, whose
// link and QR code each carry their own source.
const session = useE2eSession(startAppServer);

/** What a PNG's QR code says. */
async function decode(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).flatten({ background: '#fff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
}

async function download(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), body: fs.readFileSync((await file.path())!) };
}

describe.each<Lng>(['en', 'de'])('sharing a profile in %s', (lng) => {
  it('opens, copies and shares the page, shows the QR code full screen, saves it as PNG and SVG and a video-call background, each counted apart', async () => {
    const t = session.server.t;
    const user = await t.signUp();
    const profile = await createProfile(t, user, { profileName: 'Work', firstName: 'Ada' });
    const base = t.config.publicUrl.replace(/\/+$/, '');
    const context = await appContext(session.browser, lng, user);
    session.context = context;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.base });
    // The system share sheet is the edge of the world: record what the page hands it.
    await context.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      navigator.share = (data?: ShareData) => {
        (window as unknown as { shared: unknown[] }).shared.push(data);
        return Promise.resolve();
      };
    });
    const page = await context.newPage();
    await withFailureShot(page, `share-${lng}`, async () => {
      await page.goto(`${session.server.base}/`);
      await page.getByRole('button', { name: text(lng, 'my_profile', 'share.open_named', { name: 'Work' }) }).click();
      const dialog = page.getByRole('dialog', { name: text(lng, 'my_profile', 'share.title', { name: 'Work' }) });
      await dialog.waitFor();
      await expectAccessible(page, 'share panel');
      expect(await dialog.getByTestId('share-page-url').textContent()).toBe(`${base}/p/${profile.id}`);
      expect(await dialog.getByTestId('share-bio-url').textContent()).toBe(`${base}/l/${profile.shortLinkId}`);
      expect(await dialog.getByRole('link', { name: text(lng, 'my_profile', 'share.open') }).getAttribute('href')).toBe(`${base}/p/${profile.id}`);

      await dialog.getByRole('button', { name: text(lng, 'my_profile', 'share.copy'), exact: true }).click();
      await page
        .getByText(text(lng, 'my_profile', 'share.copied'))
        .first()
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}/p/${profile.id}?src=share`);
      await dialog.getByRole('button', { name: text(lng, 'my_profile', 'share.copy_bio') }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}/l/${profile.shortLinkId}`);
      await dialog.getByRole('button', { name: text(lng, 'my_profile', 'share.share') }).click();
      expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
        { title: 'Work', url: `${base}/p/${profile.id}?src=share` },
      ]);

      // The QR code as PNG and SVG: both hold the page with the QR code's own source.
      const png = await download(page, text(lng, 'my_profile', 'share.png'));
      expect(png.name).toBe(`QR-${profile.id}.png`);
      expect(await decode(png.body)).toBe(`${base}/p/${profile.id}?src=shareqr`);
      const svg = await download(page, text(lng, 'my_profile', 'share.svg'));
      expect(svg.name).toBe(`QR-${profile.id}.svg`);
      expect(await decode(await sharp(svg.body).png().toBuffer())).toBe(`${base}/p/${profile.id}?src=shareqr`);

      // Full screen, to be scanned from the phone: it reads as the same address.
      await dialog.getByRole('button', { name: text(lng, 'my_profile', 'share.full_screen') }).click();
      const full = page.locator('dialog.qr-fullscreen');
      await full.waitFor();
      await expectAccessible(page, 'QR code full screen');
      expect(await decode(await full.locator('svg').screenshot())).toBe(`${base}/p/${profile.id}?src=shareqr`);
      await full.getByRole('button', { name: text(lng, 'my_profile', 'share.close') }).click();
      await dialog.waitFor();

      // Issue 26: a video-call background in the chosen look, whose QR code holds the page with `?src=background`.
      await dialog.getByLabel(text(lng, 'my_profile', 'share.background.layout')).selectOption('minimal');
      await dialog.getByLabel(text(lng, 'my_profile', 'share.background.theme')).selectOption('dark');
      await dialog.getByLabel(text(lng, 'my_profile', 'share.background.size')).selectOption('1280x720');
      const background = await download(page, text(lng, 'my_profile', 'share.background.download'));
      expect(background.name).toBe('Background-minimal-dark-1280x720.png');
      expect(await sharp(background.body).metadata()).toMatchObject({ width: 1280, height: 720 });
      expect(await decode(background.body)).toBe(`${base}/p/${profile.id}?src=background`);
      await dialog
        .getByRole('button', { name: text(lng, 'my_profile', 'share.close') })
        .last()
        .click();

      // The editor has the same panel.
      await page.getByRole('link', { name: text(lng, 'my_profile', 'edit_named', { name: 'Work' }) }).click();
      await page.getByRole('button', { name: text(lng, 'my_profile', 'share.open_named', { name: 'Work' }) }).click();
      await dialog.waitFor();
    });

    // The statistics tell the shared link from the shared QR code.
    for (const src of ['share', 'shareqr', 'shareqr']) {
      await t.app.inject({ method: 'GET', url: `/p/${profile.id}?src=${src}`, headers: { 'user-agent': BROWSER_UA } });
    }
    await t.app.features.stats.views.flush();
    const stats = await t.get(`/find/own/stats?profileId=${profile.id}&days=7`, user);
    expect(stats.body.sources).toMatchObject({ share: 1, shareqr: 2 });
  }, 90_000);
});
