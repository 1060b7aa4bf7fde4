import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AA_TEXT, contrastRatio, toHex } from '../../shared/colour-contrast.ts';
import { accentFailure, brandProblems } from '../../shared/page-theme.ts';
import { createFullProfile, readOwnProfile } from '../support/factories.ts';
import { appContext, expectAccessible, smallPng, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';

// Issue 26: the editor's Look section checks a colour while it is typed, offers the nearest
// passing one, and saves the look with the profile; the public page shows it. Issue 24: the
// Team area's Brand section does the same for the brand colours and uploads the logo, which the
// owner app's preview of a company profile shows as its public page does.
const session = useE2eSession(startAppServer);

const desktop = (page: Page) => page.setViewportSize({ width: 1280, height: 900 });

/** A screenshot of one section (E2E_SHOTS_DIR, as maybeScreenshot), so the screen's part under test is seen whole. */
async function sectionShot(page: Page, selector: string, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.locator(selector).screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * The colour of an element's text and of what is painted behind it (the first ancestor with a
 * background colour), as #rrggbb, and their contrast: what a reader of the name sees.
 */
async function inkOn(page: Page, selector: string): Promise<{ ink: string; behind: string; ratio: number }> {
  const [ink, behind] = await page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
      let node: Element | null = el;
      let bg = [255, 255, 255];
      while (node) {
        const [r, g, b, a = 1] = rgb(getComputedStyle(node).backgroundColor);
        if (a > 0) {
          bg = [r!, g!, b!];
          break;
        }
        node = node.parentElement;
      }
      return [rgb(getComputedStyle(el).color).slice(0, 3), bg];
    });
  return { ink: toHex(ink), behind: toHex(behind), ratio: contrastRatio(toHex(ink), toHex(behind)) };
}

describe.each<Lng>(['en', 'de'])('the look of the pages in %s', (lng) => {
  it('refuses an unreadable accent while typing, takes the suggestion with one click, and saves the dark look', async () => {
    const { t, base } = session.server;
    const owner = await t.signUp();
    const profile = await createFullProfile(t, owner);
    session.context = await appContext(session.browser, lng, owner);
    const page = await session.context.newPage();
    await withFailureShot(page, `look-${lng}`, async () => {
      await page.goto(`${base}/profile/${profile.id}`);
      await page.getByRole('heading', { level: 1, name: text(lng, 'edit_profile', 'title'), exact: true }).waitFor();
      await page.getByText(text(lng, 'edit_profile', 'groups.appearance'), { exact: true }).click();
      await page.getByRole('radio', { name: text(lng, 'edit_profile', 'themes.dark') }).check();
      await page.getByRole('textbox', { name: text(lng, 'edit_profile', 'accent_dark'), exact: true }).fill('#1c4fd6');
      const suggest = page.getByRole('button', { name: /#[0-9a-f]{6}/ });
      await suggest.waitFor();
      await expectAccessible(page, 'look section with a refused colour');
      await sectionShot(page, 'details.group[open]:has(input[name=theme])', `app-look-refused-360-${lng}`);
      const suggestion = /#[0-9a-f]{6}/.exec((await suggest.textContent()) ?? '')![0];
      expect(accentFailure(suggestion, 'dark')).toBeNull();
      // Away from the sticky navigation and save bar, which would take the click at a screen's edge.
      await suggest.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await suggest.click();
      await page.getByText(text(lng, 'molecules', 'colour_contrast_ok')).waitFor();
      await page.getByRole('radio', { name: text(lng, 'edit_profile', 'shapes.pill') }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.getByRole('radio', { name: text(lng, 'edit_profile', 'shapes.pill') }).check();
      await page.getByRole('button', { name: text(lng, 'molecules', 'save'), exact: true }).click();
      await expect.poll(async () => (await readOwnProfile(t, owner, profile.id)).theme).toBe('dark');
      expect(await readOwnProfile(t, owner, profile.id)).toMatchObject({ accentColour: suggestion, buttonShape: 'pill' });
      // The editor starts again from what the server stored: the group opens closed.
      await page.getByText(text(lng, 'edit_profile', 'groups.appearance'), { exact: true }).click();
      await expect.poll(() => page.getByRole('radio', { name: text(lng, 'edit_profile', 'themes.dark') }).isChecked()).toBe(true);
      await sectionShot(page, 'details.group[open]:has(input[name=theme])', `app-look-saved-360-${lng}`);
      await desktop(page);
      await sectionShot(page, 'details.group[open]:has(input[name=theme])', `app-look-saved-desktop-${lng}`);
      const shown = await (await page.request.get(`${base}/p/${profile.id}`)).text();
      expect(shown).toContain(`--acc:${suggestion}`);
    });
  });

  it("previews every theme with the name, job and headings as readable as on the public page (issue 35: a dark profile's name was nearly invisible)", async () => {
    const { t, base } = session.server;
    const owner = await t.signUp();
    const looks: { name: string; fields: Record<string, string>; scheme: 'light' | 'dark' }[] = [
      { name: 'dark', fields: { theme: 'dark', accentColour: '#8aa6f0' }, scheme: 'light' },
      { name: 'system-dark', fields: { theme: 'system', accentColour: '#b42318' }, scheme: 'dark' },
      { name: 'system-light', fields: { theme: 'system', accentColour: '#b42318' }, scheme: 'light' },
      { name: 'light', fields: { theme: 'light', backgroundColour: '#fdf6e3' }, scheme: 'light' },
    ];
    session.context = await appContext(session.browser, lng, owner);
    const page = await session.context.newPage();
    for (const look of looks) {
      const profile = await createFullProfile(t, owner, look.fields);
      await withFailureShot(page, `preview-${look.name}-${lng}`, async () => {
        await page.emulateMedia({ colorScheme: look.scheme });
        await page.setViewportSize({ width: 360, height: 780 });
        await page.goto(`${base}/p/${profile.id}?lng=${lng}`);
        const onPage = { name: await inkOn(page, '.p-name'), job: await inkOn(page, '.p-job'), heading: await inkOn(page, '.p-h') };
        await page.goto(`${base}/profile/${profile.id}/preview`);
        await page.locator('.pp .p-name').waitFor();
        for (const [part, selector] of [
          ['name', '.pp .p-name'],
          ['job', '.pp .p-job'],
          ['heading', '.pp .p-h'],
        ] as const) {
          const seen = await inkOn(page, selector);
          expect(seen.ratio, `${look.name}: ${part} ${seen.ink} on ${seen.behind}`).toBeGreaterThanOrEqual(AA_TEXT);
          expect(seen, `${look.name}: ${part} as on /p`).toEqual(onPage[part]);
        }
        // The notice bar above keeps its own dark text on its light band.
        expect((await inkOn(page, '.preview-bar p')).ratio).toBeGreaterThanOrEqual(AA_TEXT);
        if (look.name === 'dark' || look.name === 'system-dark') {
          await expectAccessible(page, `preview in the ${look.name} theme`);
          await maybeScreenshot(page, `app-preview-${look.name}-360-${lng}`, { fullPage: true });
          await desktop(page);
          await maybeScreenshot(page, `app-preview-${look.name}-desktop-${lng}`);
        }
      });
    }
  }, 120_000);

  it("sets the organisation's brand colours and logo in the Team area, with the contrast checked while typing; a company profile's preview shows them", async () => {
    const { t, base } = session.server;
    const admin = await t.signUp();
    const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
    session.context = await appContext(session.browser, lng, admin);
    const page = await session.context.newPage();
    await withFailureShot(page, `brand-${lng}`, async () => {
      await page.goto(`${base}/team`);
      await page.getByRole('heading', { level: 2, name: text(lng, 'team', 'brand_title') }).waitFor();
      await page.getByRole('textbox', { name: text(lng, 'team', 'brand_colour'), exact: true }).fill('#7dd3fc');
      const suggest = page.getByRole('button', { name: /#[0-9a-f]{6}/ });
      await suggest.waitFor();
      await expect.poll(() => page.getByRole('button', { name: text(lng, 'team', 'brand_save') }).isDisabled()).toBe(true);
      await suggest.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await sectionShot(page, 'section[aria-labelledby=brand-title]', `app-brand-refused-360-${lng}`);
      await suggest.click();
      const chosen = await page.getByRole('textbox', { name: text(lng, 'team', 'brand_colour'), exact: true }).inputValue();
      expect(brandProblems({ brandColour: chosen })).toEqual([]);
      await page.getByRole('button', { name: text(lng, 'team', 'brand_save') }).click();
      await page.getByText(text(lng, 'team', 'brand_saved')).waitFor();
      await page.locator('#brand-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await smallPng('#0f766e') });
      await page.getByRole('img', { name: text(lng, 'team', 'brand_logo_alt') }).waitFor();
      const own = (await t.get('/find/own/organisation', admin)).body;
      expect(own).toMatchObject({ organisationId, brandColour: chosen });
      expect(own.logoPath).toMatch(/^\/media\/organisations\//);
      await expectAccessible(page, 'team area with the brand');
      await sectionShot(page, 'section[aria-labelledby=brand-title]', `app-brand-360-${lng}`);
      await desktop(page);
      await sectionShot(page, 'section[aria-labelledby=brand-title]', `app-brand-desktop-${lng}`);
      await maybeScreenshot(page, `app-team-desktop-${lng}`, { fullPage: true });

      // The admin's own company profile: its preview shows the brand's colour and logo over the
      // profile's own accent, as its public page does, and the editor's Look section says so.
      const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: {}, locked: [] }, admin)).body.templateId;
      const company = (await t.post('/profile/create', { templateId, firstName: 'Mia', companyName: 'Acme GmbH', accentColour: '#6d28d9' }, admin)).body;
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${base}/profile/${company.id}/preview`);
      const logo = page.locator('.pp img.p-logo');
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toBe(own.logoPath);
      const accent = await page.locator('.pp').evaluate((el) => getComputedStyle(el).getPropertyValue('--acc').trim());
      expect(accent).toBe(own.brandColour);
      expect(await (await page.request.get(`${base}/p/${company.id}`)).text()).toContain(`--acc:${accent}`);
      await expectAccessible(page, 'preview of a company profile in its brand');
      await maybeScreenshot(page, `app-preview-brand-360-${lng}`, { fullPage: true });
      await page.goto(`${base}/profile/${company.id}`);
      await page.getByText(text(lng, 'edit_profile', 'groups.appearance'), { exact: true }).click();
      await page.getByText(text(lng, 'edit_profile', 'brand_overrides.both')).waitFor();
      await sectionShot(page, 'details.group[open]:has(input[name=theme])', `app-look-brand-360-${lng}`);
    });
  });
});
