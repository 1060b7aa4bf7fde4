import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTACT_RATE_RULES } from '../../server/features/leads/contact.service.ts';
import { createLink, createProfile, multipartBody, pngImage } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { axeViolations, maybeScreenshot, phoneContext } from './support/browser.ts';
import { startPublicServer } from './support/public-server.ts';
import { useE2eSession } from './support/session.ts';

// The public profile page in a phone-sized Chromium, as a visitor uses it after a scan: with
// JavaScript (native modal dialogs) and without (links, :target dialogs, plain forms).

const session = useE2eSession(startPublicServer);

const TEXT = {
  de: {
    reminder: 'Erinnerung setzen',
    exchange: 'Kontakt austauschen',
    save: 'Kontakt speichern',
    cancel: 'Abbrechen',
    send: 'Austauschen',
    calendar: 'Zum Kalender hinzufügen',
    open: 'Öffnen',
  },
  en: {
    reminder: 'Set reminder',
    exchange: 'Exchange details',
    save: 'Save contact',
    cancel: 'Cancel',
    send: 'Exchange',
    calendar: 'Add to calendar',
    open: 'Open',
  },
} as const;

/** A new phone with the browser language set (Accept-Language follows it) on the full profile. */
async function openProfile(lng: 'de' | 'en', options: { javaScriptEnabled?: boolean; path?: string; timezoneId?: string } = {}): Promise<Page> {
  session.context = await phoneContext(session.browser, {
    locale: lng === 'de' ? 'de-DE' : 'en-GB',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await session.context.newPage();
  const res = await page.goto(`${session.server.base}${options.path ?? `/p/${session.server.full.id}`}`);
  expect(res?.status()).toBe(200);
  return page;
}

/** No internet here: the booking link answers from the test. Only where needed: routing stops downloads in Chromium. */
const fakeBookingSite = () =>
  session.context!.route('https://calendly.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' }));

const openDialogs = (page: Page) => page.locator('dialog').evaluateAll((ds) => ds.filter((d) => getComputedStyle(d).display !== 'none').map((d) => d.id));

/** True when a click at the centre of `selector` would land on a dialog (the page behind cannot be clicked). */
const coveredByDialog = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return Boolean(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('dialog'));
    });

async function download(page: Page, action: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), action()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

async function outboxMailTo(address: string, containing: string) {
  const mails = await session.server.t.app.mailer.outbox();
  return mails.find((m) => m.to === address && `${m.subject}\n${m.text}`.includes(containing));
}

for (const lng of ['de', 'en'] as const) {
  const text = TEXT[lng];

  describe(`profile page in ${lng}, JavaScript on`, () => {
    it('shows the whole profile at once: name, job title, actions, links, blocks', async () => {
      const page = await openProfile(lng);
      expect(await page.getAttribute('html', 'lang')).toBe(lng);
      expect(await page.locator('h1').innerText()).toBe('Dr. Jürgen Größe-Übermühl');
      expect(await page.getByText('Leiter Vertrieb und Kundenbeziehungen').isVisible()).toBe(true);
      // Issue 23: the company right under the name and job title, above the actions, as on a paper card.
      const top = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => el.getBoundingClientRect().top);
      expect(await page.locator('main > .p-co').innerText()).toBe('Müller & Söhne Maschinenbau GmbH');
      expect(await top('main > .p-co')).toBeGreaterThan(await top('main > .p-job'));
      expect(await top('main > .p-co')).toBeLessThan(await top('.p-acts'));
      for (const label of [text.reminder, text.exchange, text.save])
        expect(await page.locator('.p-acts').getByRole('link', { name: label }).isVisible()).toBe(true);
      expect(await page.locator('.p-list a[data-confirm]').count()).toBe(4);
      expect(await page.locator('.p-soc a').count()).toBe(16);
      // The images arrived and are drawn (a broken image has no natural width).
      for (const img of await page.locator('img').all()) expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      await maybeScreenshot(page, `profile-${lng}-360`);
      await maybeScreenshot(page, `profile-${lng}-360-full`, { fullPage: true });
    });

    it('opens one dialog at a time, blocks the page behind, and resets on close', async () => {
      const page = await openProfile(lng);
      await page.locator('.p-acts').getByRole('link', { name: text.exchange }).click();
      expect(await openDialogs(page)).toEqual(['contact']);
      expect(await coveredByDialog(page, '.p-acts .p-pri')).toBe(true);
      await page.fill('#contact-email', 'halb@');
      await page.getByRole('link', { name: text.cancel }).click();
      expect(await openDialogs(page)).toEqual([]);

      await page.locator('.p-acts').getByRole('link', { name: text.reminder }).click();
      expect(await openDialogs(page)).toEqual(['remind']);
      expect(await page.locator('input[name=remindIn][value="1d"]').isChecked()).toBe(true);
      await page.locator('input[name=remindIn][value="1w"]').check();
      await maybeScreenshot(page, `profile-${lng}-360-reminder`);
      // Another action while one is open (only reachable by script here, the page is inert): still one dialog.
      await page.evaluate(() => (document.querySelector('.p-acts a[href="#contact"]') as HTMLElement).click());
      expect(await openDialogs(page)).toEqual(['contact']);
      expect(await page.inputValue('#contact-email')).toBe('');
      // A click outside the box closes it, and the reminder choice is back to its default.
      await page.mouse.click(8, 8);
      expect(await openDialogs(page)).toEqual([]);
      expect(await page.locator('input[name=remindIn][value="1d"]').isChecked()).toBe(true);
      await page.locator('.p-acts').getByRole('link', { name: text.reminder }).click();
      await page.keyboard.press('Escape');
      expect(await openDialogs(page)).toEqual([]);
    });

    it('floating menu: open, closing for 100 ms, closed; its actions open the dialogs', async () => {
      const page = await openProfile(lng);
      await page.locator('.p-fab summary').click();
      expect(await page.locator('.p-fab ul').getByRole('link', { name: text.save }).isVisible()).toBe(true);
      const states = await page.evaluate(async () => {
        const fab = document.querySelector('details.p-fab') as HTMLDetailsElement;
        fab.querySelector('summary')!.click();
        const closing = { open: fab.open, closing: fab.classList.contains('p-closing') };
        await new Promise((r) => setTimeout(r, 150));
        return { closing, closed: { open: fab.open, closing: fab.classList.contains('p-closing') } };
      });
      expect(states).toEqual({ closing: { open: true, closing: true }, closed: { open: false, closing: false } });
      await page.locator('.p-fab summary').click();
      await page.locator('.p-fab ul').getByRole('link', { name: text.reminder }).click();
      expect(await openDialogs(page)).toEqual(['remind']);
      await page.waitForTimeout(150);
      expect(await page.locator('details.p-fab').evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    });

    it('downloads the vCard with each social link once, and the reminder at a daytime hour of the visitor, and both parse', async () => {
      // A visitor in Tokyo, so the reminder's hour is only right when the page sent the browser's zone (issue 23).
      const page = await openProfile(lng, { timezoneId: 'Asia/Tokyo' });
      const vcard = await download(page, () => page.locator('.p-acts').getByRole('link', { name: text.save }).click());
      expect(vcard.name).toMatch(/\.vcf$/);
      expect(vcard.text).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
      expect(vcard.text).toContain('Größe-Übermühl');
      expect(vcard.text.trimEnd().endsWith('END:VCARD')).toBe(true);
      // Issue 23: each social link of the page once in the contact (it was a URL and an X-SOCIALPROFILE).
      const social = await page.locator('.p-soc a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(social).toHaveLength(16);
      const contact = new ICAL.Component(ICAL.parse(vcard.text));
      const urls = contact.getAllProperties('url').map((p) => String(p.getFirstValue()));
      for (const href of social)
        expect(
          urls.filter((u) => u === href),
          href,
        ).toHaveLength(1);
      expect(contact.getAllProperties('x-socialprofile')).toHaveLength(0);

      await page.locator('.p-acts').getByRole('link', { name: text.reminder }).click();
      await page.locator('input[name=remindIn][value="3d"]').check();
      const reminder = await download(page, () => page.getByRole('button', { name: text.calendar }).click());
      expect(reminder.name).toBe('Reminder.ics');
      const calendar = new ICAL.Component(ICAL.parse(reminder.text));
      const event = calendar.getFirstSubcomponent('vevent')!;
      expect(String(event.getFirstPropertyValue('summary'))).toContain('Größe-Übermühl');
      // Three calendar days ahead in the visitor's time zone, at a daytime hour there (issue 22), whatever the hour now.
      const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(timeZone).toBe('Asia/Tokyo');
      const dayOf = (ms: number) => Date.parse(new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short' }).format(ms));
      const start = new ICAL.Event(event).startDate.toJSDate().getTime();
      expect((dayOf(start) - dayOf(Date.now())) / 86_400_000).toBe(3);
      const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(start));
      expect(hour).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(18);
      expect(await openDialogs(page)).toEqual([]);
    });

    it('contact exchange: email_error inline for a@b without sending, then the owner gets the mail', async () => {
      const page = await openProfile(lng);
      const posts: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
      await page.locator('.p-acts').getByRole('link', { name: text.exchange }).click();
      await page.fill('#contact-email', 'a@b');
      await page.getByRole('button', { name: text.send }).click();
      expect(await page.locator('#contact-err').isVisible()).toBe(true);
      expect(await page.getAttribute('#contact-email', 'aria-invalid')).toBe('true');
      // Issue 23: only the e-mail is marked red, never the empty optional fields beside it.
      const border = (id: string) => page.locator(id).evaluate((e) => getComputedStyle(e).borderTopColor);
      expect(await border('#contact-email')).toBe('rgb(180, 35, 24)');
      for (const id of ['#contact-name', '#contact-phone', '#contact-company', '#contact-message']) expect(await border(id), id).not.toBe('rgb(180, 35, 24)');
      await maybeScreenshot(page, `profile-${lng}-360-contact-error`);
      expect(posts).toEqual([]);
      const visitor = `besucher-${lng}@example.org`;
      await page.fill('#contact-email', visitor);
      expect(await page.locator('#contact-err').isVisible()).toBe(false);
      await page.getByRole('button', { name: text.send }).click();
      await page.locator('#contact-sent').waitFor({ state: 'visible' });
      expect(await openDialogs(page)).toEqual(['contact-sent']);
      await maybeScreenshot(page, `profile-${lng}-360-contact-sent`);
      expect(posts).toEqual([`${session.server.base}/p/${session.server.full.id}/contact`]);
      expect(await outboxMailTo(session.server.owner.email, visitor)).toBeDefined();
    });

    it('asks before opening a web link, showing its name and host, and adds https:// where missing', async () => {
      const page = await openProfile(lng);
      await fakeBookingSite();
      await page.getByRole('link', { name: 'Termin buchen' }).click();
      expect(await openDialogs(page)).toEqual(['open-link']);
      expect(await page.locator('#open-link h2').innerText()).toBe('Termin buchen');
      expect(await page.locator('#open-link use').getAttribute('href')).toBe('#i-other');
      // Issue 23: the confirmation says plainly where the link goes.
      expect(await page.locator('#open-link .p-host').innerText()).toBe('calendly.com');
      const open = page.locator('#open-link').getByRole('link', { name: text.open });
      // Issue 22: the real destination, as on the page's own link.
      expect(await open.getAttribute('href')).toBe('https://calendly.com/juergen-groesse');
      await maybeScreenshot(page, `profile-${lng}-360-weblink`);
      const [popup] = await Promise.all([session.context!.waitForEvent('page'), open.click()]);
      await popup.waitForURL('https://calendly.com/juergen-groesse');
      expect(await openDialogs(page)).toEqual([]);
    });
  });

  describe(`profile page in ${lng}, JavaScript off`, () => {
    it('opens and closes the dialogs as :target overlays, one at a time', async () => {
      const page = await openProfile(lng, { javaScriptEnabled: false });
      await page.locator('.p-acts').getByRole('link', { name: text.reminder }).click();
      expect(await openDialogs(page)).toEqual(['remind']);
      expect(await coveredByDialog(page, '.p-acts .p-pri')).toBe(true);
      await page.getByRole('link', { name: text.cancel }).first().click();
      expect(await openDialogs(page)).toEqual([]);
      await page.locator('.p-acts').getByRole('link', { name: text.exchange }).click();
      expect(await openDialogs(page)).toEqual(['contact']);
      await page.mouse.click(8, 8);
      expect(await openDialogs(page)).toEqual([]);
    });

    it('floating menu opens and closes as a plain <details>', async () => {
      const page = await openProfile(lng, { javaScriptEnabled: false });
      await page.locator('.p-fab summary').click();
      expect(await page.locator('.p-fab ul').isVisible()).toBe(true);
      await page.locator('.p-fab summary').click();
      expect(await page.locator('.p-fab ul').isVisible()).toBe(false);
    });

    it('downloads the reminder with the plain form', async () => {
      const page = await openProfile(lng, { javaScriptEnabled: false });
      await page.locator('.p-acts').getByRole('link', { name: text.reminder }).click();
      const reminder = await download(page, () => page.getByRole('button', { name: text.calendar }).click());
      expect(reminder.name).toBe('Reminder.ics');
      expect(new ICAL.Component(ICAL.parse(reminder.text)).getFirstSubcomponent('vevent')).not.toBeNull();
      // Without JavaScript a download leaves the page, and so the dialog, as it was.
      await page.locator('#remind').getByRole('link', { name: text.cancel }).click();
      const vcard = await download(page, () => page.locator('.p-acts').getByRole('link', { name: text.save }).click());
      expect(vcard.text).toContain('BEGIN:VCARD');
    });

    it('contact exchange: a@b comes back with email_error and sends nothing, a good address comes back to the success dialog', async () => {
      const page = await openProfile(lng, { javaScriptEnabled: false });
      await page.locator('.p-acts').getByRole('link', { name: text.exchange }).click();
      await page.fill('#contact-email', 'a@b');
      await page.fill('#contact-name', 'Zoë Beispiel');
      await page.fill('#contact-message', 'Bis bald');
      const [refused] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: text.send }).click()]);
      // Issue 23: the page comes back with what was typed, only the e-mail marked.
      expect(refused?.status()).toBe(400);
      expect(await openDialogs(page)).toEqual(['contact']);
      expect(await page.locator('#contact-err').isVisible()).toBe(true);
      expect(await page.inputValue('#contact-email')).toBe('a@b');
      expect(await page.inputValue('#contact-name')).toBe('Zoë Beispiel');
      expect(await page.inputValue('#contact-message')).toBe('Bis bald');
      const red = (id: string) => page.locator(id).evaluate((e) => getComputedStyle(e).borderTopColor);
      expect(await red('#contact-email')).toBe('rgb(180, 35, 24)');
      expect(await red('#contact-phone')).not.toBe('rgb(180, 35, 24)');
      expect(await outboxMailTo(session.server.owner.email, 'a@b')).toBeUndefined();
      await maybeScreenshot(page, `profile-${lng}-360-nojs-contact-error`);
      const visitor = `ohne-js-${lng}@example.org`;
      await page.fill('#contact-email', visitor);
      await Promise.all([page.waitForURL(/#contact-sent$/), page.getByRole('button', { name: text.send }).click()]);
      expect(page.url()).toBe(`${session.server.base}/p/${session.server.full.id}?lng=${lng}#contact-sent`);
      expect(await openDialogs(page)).toEqual(['contact-sent']);
      expect(await outboxMailTo(session.server.owner.email, visitor)).toBeDefined();
    });

    it('opens web links directly', async () => {
      const page = await openProfile(lng, { javaScriptEnabled: false });
      await fakeBookingSite();
      const [popup] = await Promise.all([session.context!.waitForEvent('page'), page.getByRole('link', { name: 'Termin buchen' }).click()]);
      // Issue 22: straight to the link; the click is counted by the anchor's ping.
      await popup.waitForURL('https://calendly.com/juergen-groesse');
    });
  });
}

describe('the page at 360 px (issue 23)', () => {
  it('keeps every line on the screen, wraps a long e-mail address only at @ or a dot, and the + leaves the last line free', async () => {
    // Every part is short enough to keep whole, and two hold a hyphen the browser would otherwise break after.
    const email = 'dr.juergen.groesse-uebermuehl.vertrieb@mueller-soehne.beispiel-unternehmen.example.com';
    const p = await createProfile(session.server.t, session.server.owner, {
      firstName: 'Jürgen',
      emailAddress: email,
      businessNote: 'Letzte Zeile der Notiz.',
    });
    const page = await openProfile('de', { path: `/p/${p.id}` });
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The address's line breaks fall before "@" or "." only: each rendered line starts with one of them or is the first.
    const lines = await page
      .locator('a[href^="mailto:"] .p-v', { hasText: 'mueller-soehne' })
      .first()
      .evaluate((el) => {
        const range = document.createRange();
        const rows: string[] = [];
        let last = -1;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            if (top !== last) rows.push('');
            rows[rows.length - 1] += node.textContent![i];
            last = top;
          }
        }
        return rows;
      });
    expect(lines.join('')).toBe(email);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line[0], lines.join(' | ')).toMatch(/[@.]/);
    // Scrolled to the end, the floating + covers no text of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const overlap = await page.evaluate(() => {
      const fab = document.querySelector('.p-fab summary')!.getBoundingClientRect();
      const texts = Array.from(document.querySelectorAll('main p, main a, main h2, main li')).filter((el) => !el.closest('.p-fab, dialog'));
      return texts
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.bottom > fab.top && r.top < fab.bottom && r.right > fab.left && r.left < fab.right;
        })
        .map((el) => el.textContent);
    });
    expect(overlap).toEqual([]);
    await maybeScreenshot(page, 'profile-de-360-long-email', { fullPage: true });
  });
});

describe('the floating + at 360 px (issue 35)', () => {
  it('never hides the link or row that has the keyboard focus, and leaves the last line free', async () => {
    // A keyboard (or switch) user tabs down the page: each focused row is scrolled clear of the +,
    // where before it stopped under it (WCAG 2.4.11). Desktop Chromium at 360 px, without touch.
    session.context = await phoneContext(session.browser, { viewport: { width: 360, height: 640 }, locale: 'de-DE', isMobile: false, hasTouch: false });
    const page = await session.context.newPage();
    await page.goto(`${session.server.base}/p/${session.server.full.id}?lng=de`);
    const hidden: string[] = [];
    let links = 0;
    for (let i = 0; i < 50; i++) {
      await page.keyboard.press('Tab');
      const under = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body || el.closest('.p-fab')) return null;
        const fab = document.querySelector('.p-fab summary')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        const covered = r.bottom > fab.top && r.top < fab.bottom && r.right > fab.left && r.left < fab.right;
        return { covered, text: (el.textContent ?? '').trim().slice(0, 40) };
      });
      if (!under) continue;
      links++;
      if (under.covered) hidden.push(under.text);
    }
    expect(links).toBeGreaterThan(20);
    expect(hidden).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await maybeScreenshot(page, 'profile-de-360-end-with-fab');
  });
});

describe('the page of someone who left the company (issue 35)', () => {
  it("shows the company's brand, website, language switch and a button that saves the company's contact", async () => {
    const { t } = session.server;
    const [admin, mia] = [await t.signUp(), await t.signUp()];
    const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#0f766e' }, admin)).body.organisationId as string;
    const logo = await multipartBody(
      { organisationId },
      { field: 'logo', data: await pngImage(300, 100, '#0f766e'), filename: 'l.png', contentType: 'image/png' },
    );
    await t.call({ method: 'POST', url: '/organisation/logo', payload: logo.payload, headers: { ...logo.headers, ...admin.auth } });
    await joinOrganisation(t, organisationId, admin, mia);
    const values = { companyName: 'Acme GmbH', companyWebsiteUrl: 'www.acme.example', businessPhoneNumber: '+49 221 1234' };
    const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values, locked: [] }, admin)).body.templateId;
    const profileId = (await t.post('/profile/create', { templateId, firstName: 'Mia', lastName: 'Muster' }, mia)).body.id as string;
    expect((await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin)).status).toBe(200);

    for (const lng of ['de', 'en'] as const) {
      const page = await openProfile(lng, { path: `/p/${profileId}?lng=${lng}` });
      const heading = { de: 'Mia Muster arbeitet nicht mehr bei Acme GmbH', en: 'Mia Muster no longer works at Acme GmbH' }[lng];
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.locator('img.p-logo').getAttribute('src')).toMatch(/^\/media\/organisations\//);
      expect(await page.locator('.pp').evaluate((el) => getComputedStyle(el).getPropertyValue('--acc').trim())).toBe('#0f766e');
      expect(await page.getByRole('link', { name: /acme\.example/ }).getAttribute('href')).toBe('https://www.acme.example/');
      const save = page.getByRole('link', { name: { de: 'Acme GmbH als Kontakt speichern', en: 'Save Acme GmbH as a contact' }[lng] });
      const [vcard] = await Promise.all([page.waitForEvent('download'), save.click()]);
      expect(await readFile(await vcard.path(), 'utf8')).toContain('FN;CHARSET=utf-8:Acme GmbH');
      expect(await axeViolations(page)).toEqual([]);
      await maybeScreenshot(page, `left-company-360-${lng}`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `left-company-desktop-${lng}`, { fullPage: true });
      // The switch goes to the other language.
      const other = lng === 'de' ? 'en' : 'de';
      await page.getByRole('link', { name: other.toUpperCase(), exact: true }).click();
      await page.waitForURL(new RegExp(`\\?lng=${other}$`));
      expect(await page.locator('html').getAttribute('lang')).toBe(other);
      await session.context?.close();
      session.context = undefined;
    }
  }, 120_000);
});

describe('links the owner typed (D12)', () => {
  it('never renders a javascript: link as a link', async () => {
    const p = await createProfile(session.server.t, session.server.owner, { firstName: 'Eve' });
    await createLink(session.server.t, session.server.owner, p.id, { type: 'website', name: 'Gefährlich', link: 'javascript:alert(document.domain)' });
    // Issue 35 refuses such a value for a network (a 400 naming the link); one stored before still never becomes a link.
    const github = await createLink(session.server.t, session.server.owner, p.id, { type: 'github', name: 'Auch', link: 'eve' });
    await session.server.t.app.db.updateTable('link').set({ link: ' jAvAsCrIpT:alert(1)' }).where('id', '=', github.id).execute();
    await createLink(session.server.t, session.server.owner, p.id, { type: 'website', name: 'Gut', link: 'example.com/gut' });
    for (const javaScriptEnabled of [true, false]) {
      const page = await openProfile('de', { javaScriptEnabled, path: `/p/${p.id}` });
      const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(hrefs.filter((h) => !/^(https?:|mailto:|tel:)/.test(h))).toEqual([]);
      // The good link is its real destination with https:// added (issue 22); only it is counted.
      expect(await page.getByRole('link', { name: 'Gut' }).getAttribute('href')).toBe('https://example.com/gut');
      expect(hrefs.filter((h) => h.includes('/go/'))).toHaveLength(0);
      expect(await page.locator('[ping]').count()).toBe(javaScriptEnabled ? 0 : 1);
      expect(await page.getByText('Gefährlich').isVisible()).toBe(true);
      await session.context!.close();
      session.context = undefined;
    }
  });
});

// Last in the file: it uses up this machine's contact allowance (every browser here is 127.0.0.1).
describe('when the contact limit is reached (issue 10)', () => {
  const LIMITED = {
    de: 'Gerade kamen zu viele Kontaktanfragen.',
    en: 'Too many contact requests right now.',
  } as const;

  for (const lng of ['de', 'en'] as const) {
    for (const javaScriptEnabled of [true, false]) {
      it(`says so in ${lng} and sends nothing, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
        const { t } = session.server;
        for (let i = 0; i < CONTACT_RATE_RULES.perClient.max; i++) await t.app.platform.rateLimiter.hit(CONTACT_RATE_RULES.perClient, '127.0.0.1');
        const page = await openProfile(lng, { javaScriptEnabled });
        await page.locator('.p-acts').getByRole('link', { name: TEXT[lng].exchange }).click();
        const visitor = `zu-viele-${lng}-${javaScriptEnabled}@example.org`;
        await page.fill('#contact-email', visitor);
        await page.getByRole('button', { name: TEXT[lng].send }).click();
        await page.locator('#contact-limited').waitFor({ state: 'visible' });
        expect(await openDialogs(page)).toEqual(['contact-limited']);
        expect(await page.locator('#contact-limited').innerText()).toContain(LIMITED[lng]);
        await maybeScreenshot(page, `profile-${lng}-360-${javaScriptEnabled ? '' : 'nojs-'}contact-limited`);
        expect(await outboxMailTo(session.server.owner.email, visitor)).toBeUndefined();
      });
    }
  }
});
