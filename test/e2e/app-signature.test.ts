import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { createFullProfile, pngImage, upload } from '../support/factories.ts';
import { gmailSanitize } from '../support/gmail-sanitizer.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';

// Issue 26: the e-mail signature screen. What the owner copies is what the preview shows, and
// what Gmail keeps of it is all of it.
const session = useE2eSession(startAppServer);

/**
 * The share of pixels that differ between two screenshots of one rendering, at the best of a few
 * rows of vertical offset: a frame's element screenshot can start a device pixel higher or lower
 * than a page's (sub-pixel layout). Null when the sizes differ by more than that.
 */
async function differingShare(a: Buffer, b: Buffer): Promise<number | null> {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  const { width } = x!.info;
  if (width !== y!.info.width || Math.abs(x!.info.height - y!.info.height) > 4) return null;
  let best = 1;
  for (let dy = -3; dy <= 3; dy++) {
    const rows = Math.min(x!.info.height, y!.info.height - dy) - Math.max(0, -dy);
    let differing = 0;
    for (let row = Math.max(0, -dy); row < Math.max(0, -dy) + rows; row++) {
      for (let col = 0; col < width; col++) {
        const i = (row * width + col) * 3;
        const j = ((row + dy) * width + col) * 3;
        const delta = Math.abs(x!.data[i]! - y!.data[j]!) + Math.abs(x!.data[i + 1]! - y!.data[j + 1]!) + Math.abs(x!.data[i + 2]! - y!.data[j + 2]!);
        if (delta > 24) differing++;
      }
    }
    best = Math.min(best, differing / (rows * width));
  }
  return best;
}

/** Every image source, link target and word of a signature: what must survive the sanitizer. */
async function partsOf(page: Page, html: string) {
  return page.evaluate((markup) => {
    const doc = new DOMParser().parseFromString(markup, 'text/html');
    return {
      images: [...doc.querySelectorAll('img')].map((img) => img.getAttribute('src')),
      links: [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      text: doc.body.textContent?.replace(/\s+/g, ' ').trim(),
    };
  }, html);
}

/** Waits until every image of the page (or of its frame `frameSelector`) has loaded, so screenshots compare like with like. */
async function imagesLoaded(page: Page, frameSelector: string | null = null): Promise<void> {
  await page.waitForFunction((selector) => {
    const root = selector ? (document.querySelector(selector) as HTMLIFrameElement | null)?.contentDocument : document;
    return !!root && root.images.length > 0 && [...root.images].every((img) => img.complete && img.naturalWidth > 0);
  }, frameSelector);
}

describe.each<Lng>(['en', 'de'])('the e-mail signature in %s', (lng) => {
  it('is reached from the share panel, copied as rich HTML that renders like the preview, and kept whole by a Gmail sanitizer', async () => {
    const t = session.server.t;
    const user = await t.signUp();
    const profile = await createFullProfile(t, user, { profileName: 'Work' });
    // Issue 35: a photo that is not square (and a logo) — the signature shows it cropped, never squashed.
    expect((await upload(t, user, 'profileImage', profile.id, await pngImage(360, 200, '#2a9d8f'))).status).toBe(200);
    expect((await upload(t, user, 'profileLogo', profile.id, await pngImage(240, 60, '#264653'))).status).toBe(200);
    const context = await appContext(session.browser, lng, user);
    session.context = context;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.base });
    const page = await context.newPage();
    await withFailureShot(page, `signature-${lng}`, async () => {
      await page.goto(`${session.server.base}/`);
      await page.getByRole('button', { name: text(lng, 'my_profile', 'share.open_named', { name: 'Work' }) }).click();
      await page.getByRole('link', { name: text(lng, 'my_profile', 'share.signature_open') }).click();
      await page.getByRole('heading', { name: text(lng, 'my_profile', 'signature.title_named', { name: 'Work' }) }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/profile/${profile.id}/signature`);
      const preview = page.frameLocator('iframe.signature-preview');
      await preview.locator('table').first().waitFor();
      await imagesLoaded(page, 'iframe.signature-preview');
      await expectAccessible(page, 'e-mail signature', { exclude: 'iframe.signature-preview' });
      await maybeScreenshot(page, `signature-360-${lng}`, { fullPage: true });

      await page.getByRole('button', { name: text(lng, 'my_profile', 'signature.copy'), exact: true }).click();
      await page
        .getByText(text(lng, 'my_profile', 'signature.copied'))
        .first()
        .waitFor();
      const copied = await page.evaluate(async () => {
        const [item] = await navigator.clipboard.read();
        return { html: await (await item!.getType('text/html')).text(), text: await (await item!.getType('text/plain')).text() };
      });
      const shown = await preview.locator('body').evaluate((body) => body.innerHTML);
      expect(copied.text.split('\n')[0]).toBe('Dr. Jürgen Größe-Übermühl');

      // The same parts in what was copied, what the preview shows and what Gmail keeps.
      const parts = await partsOf(page, shown);
      expect(parts.images.some((src) => src?.startsWith(`${t.config.publicUrl}/signature-photos/`))).toBe(true);
      // As the preview draws them: the photo square from a square file, the logo in its own proportions.
      const drawn = await preview
        .locator('img')
        .evaluateAll((images) =>
          (images as HTMLImageElement[]).map((img) => ({ src: img.src, width: img.width, height: img.height, natural: img.naturalWidth / img.naturalHeight })),
        );
      const photo = drawn.find((img) => img.src.includes('/signature-photos/'))!;
      expect([photo.width, photo.height, photo.natural]).toEqual([80, 80, 1]);
      const logo = drawn.find((img) => img.src.includes('/logo-'))!;
      expect(logo.width / logo.height).toBeCloseTo(logo.natural, 1);
      expect(parts.links).toContain(`${t.config.publicUrl}/p/${profile.id}?src=signature`);
      expect(await partsOf(page, copied.html)).toEqual(parts);
      expect(await partsOf(page, gmailSanitize(copied.html))).toEqual(parts);

      // Rendered on its own, as a mail client would, the copied HTML looks like the preview.
      // A desktop-sized window holds the whole preview (on a phone the longest address runs past
      // the frame's edge), and the sticky navigation bar is hidden while it is taken.
      await page.setViewportSize({ width: 1280, height: 2000 });
      await maybeScreenshot(page, `signature-desktop-${lng}`);
      const previewShot = await preview.locator('table').first().screenshot({ style: '.nav-bar { visibility: hidden !important; }' });
      // The same width as the preview's frame, as a mail client's message pane has its own.
      const frameWidth = await page.locator('iframe.signature-preview').evaluate((frame) => (frame as HTMLIFrameElement).clientWidth);
      const pasted = await context.newPage();
      await pasted.setViewportSize({ width: frameWidth, height: 900 });
      await pasted.goto(`${session.server.base}/terms`);
      await pasted.setContent(`<!doctype html><html><body style="margin:16px;background:#fff">${copied.html}</body></html>`);
      await imagesLoaded(pasted);
      const pastedShot = await pasted.locator('table').first().screenshot();
      expect(await differingShare(previewShot, pastedShot)).toBeLessThan(0.005);
      await pasted.close();

      // Another layout: the compact one has no picture; the save link can be left out.
      await page.getByRole('radio', { name: text(lng, 'my_profile', 'signature.layouts.compact') }).check();
      await expect.poll(() => preview.locator('img[src*="/media/"], img[src*="/signature-photos/"]').count()).toBe(0);
      await page.getByRole('checkbox', { name: text(lng, 'my_profile', 'signature.save_link') }).uncheck();
      await expect.poll(() => preview.locator('a[href*="generate-vcf"]').count()).toBe(0);
      await page.getByRole('button', { name: text(lng, 'my_profile', 'signature.copy_code') }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^<table /);
      await page.getByText(text(lng, 'my_profile', 'signature.clients.gmail.name'), { exact: true }).click();
      await page.getByText(text(lng, 'my_profile', 'signature.clients.gmail.steps.0')).waitFor();
    });
  }, 90_000);
});
