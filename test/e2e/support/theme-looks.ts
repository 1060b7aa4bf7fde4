import type { Page } from 'playwright-core';
import type { Profile } from '../../../shared/schemas/profile.schema.ts';
import { createFullProfile, multipartBody, pngImage, upload } from '../../support/factories.ts';
import { phoneContext } from './browser.ts';
import type { PublicServer } from './public-server.ts';
import type { E2eSession } from './session.ts';

/** One look a page can have (issue 26's themes, issue 24's brand) and the browser scheme it is seen in. */
export type Look = { name: string; profile: Profile; scheme: 'light' | 'dark' };

/**
 * The profiles of every page theme and of a company profile in its organisation's brand, for the
 * theme suites (public-theme-axe: axe-core beside the other browser suites; public-theme-audits:
 * Lighthouse alone). The system theme is seen in a light and a dark browser.
 */
export async function makeLooks({ t, owner }: PublicServer): Promise<Look[]> {
  const make = async (look: Record<string, unknown>) => createFullProfile(t, owner, look);
  const light = await make({ theme: 'light', accentColour: '#0f766e', buttonShape: 'pill', backgroundColour: '#fdf6e3' });
  const dark = await make({ theme: 'dark', accentColour: '#8aa6f0', buttonShape: 'square' });
  const system = await make({ theme: 'system', accentColour: '#b42318', buttonShape: 'rounded' });
  for (const p of [light, dark]) {
    const res = await upload(t, owner, 'backgroundImage', p.id, await pngImage(1200, 400, '#33506e'));
    if (res.status !== 200) throw new Error(res.raw);
  }
  // A company profile: the organisation's template made it; its brand colour and logo win.
  const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#6d28d9' }, owner)).body.organisationId as string;
  const logo = await multipartBody(
    { organisationId },
    { field: 'logo', data: await pngImage(300, 100, '#6d28d9'), filename: 'l.png', contentType: 'image/png' },
  );
  await t.call({ method: 'POST', url: '/organisation/logo', payload: logo.payload, headers: { ...logo.headers, ...owner.auth } });
  const template = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, owner);
  const company = (await t.post('/profile/create', { templateId: template.body.templateId, firstName: 'Mia', lastName: 'Muster', theme: 'system' }, owner))
    .body as Profile;
  return [
    { name: 'light', profile: light, scheme: 'light' },
    { name: 'dark', profile: dark, scheme: 'light' },
    { name: 'system-light', profile: system, scheme: 'light' },
    { name: 'system-dark', profile: system, scheme: 'dark' },
    { name: 'brand-light', profile: company, scheme: 'light' },
    { name: 'brand-dark', profile: company, scheme: 'dark' },
  ];
}

/** Opens `path` in a phone (or desktop) context of the browser scheme; the session closes it. */
export async function openLook(session: E2eSession<PublicServer>, lng: 'de' | 'en', path: string, scheme: 'light' | 'dark', desktop = false): Promise<Page> {
  session.context = await phoneContext(session.browser, {
    locale: lng === 'de' ? 'de-DE' : 'en-US',
    colorScheme: scheme,
    ...(desktop ? { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {}),
  });
  const page = await session.context.newPage();
  await page.goto(`${session.server.base}${path}`);
  return page;
}
