import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accentFailure } from '../../shared/page-theme.ts';
import { STAMP_CACHE_MS } from '../../server/features/profiles/profile-stamps.ts';
import { createProfile, expectD4, multipartBody, pngImage, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';

/**
 * Issue 24 with 26: the organisation's brand. Its colours are contrast-checked when saved
 * (POST /organisation/create, /organisation/update), its logo uploaded through the image
 * pipeline (POST /organisation/logo, /organisation/logo/delete, admins only), and all of it
 * shows on the company profiles' pages at once; the members' private profiles stay their own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const page = async (path: string) => (await t.call({ method: 'GET', url: path })).raw;
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;

/** An organisation with an admin and a member, a template, and the member's company and private profiles. */
async function team() {
  const [admin, member, outsider] = await quickOwners(t, 3);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#0f766e' }, admin)).body.organisationId as string;
  await joinOrganisation(t, organisationId, admin!, member!);
  const saved = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, admin);
  const company = (await t.post('/profile/create', { templateId: saved.body.templateId, firstName: 'Mia', accentColour: '#6d28d9' }, member)).body;
  const own = await createProfile(t, member!, { accentColour: '#6d28d9' });
  return { organisationId, admin: admin!, member: member!, outsider: outsider!, company, own };
}

const uploadLogo = async (user: TestUser, organisationId: string, data: Uint8Array) => {
  const body = await multipartBody({ organisationId }, { field: 'logo', data, filename: 'logo.png', contentType: 'image/png' });
  return t.call({ method: 'POST', url: '/organisation/logo', payload: body.payload, headers: { ...body.headers, ...user.auth } });
};

describe('POST /organisation/update and POST /organisation/create: the brand colours', () => {
  it('refuses a brand colour below 4.5:1 with 400 cmc/low-contrast, the reason and a passing suggestion, and keeps the old one', async () => {
    const { organisationId, admin } = await team();
    const body = expectD4(await t.post('/organisation/update', { organisationId, name: 'Neu', brandColour: '#7dd3fc' }, admin), 400, 'cmc/low-contrast');
    expect(body.field).toBe('brandColour');
    expect(body.message).toMatch(/contrast 1\.\d:1 against .*needs 4\.5:1/);
    expect(accentFailure(body.suggestion!, 'light')).toBeNull();
    expect((await t.get('/find/own/organisation', admin)).body).toMatchObject({ name: 'Acme', brandColour: '#0f766e' });
  });

  it('checks the dark variant against the dark page and answers it with the organisation', async () => {
    const { organisationId, admin } = await team();
    const body = expectD4(await t.post('/organisation/update', { organisationId, brandColourDark: '#0f766e' }, admin), 400, 'cmc/low-contrast');
    expect(body.field).toBe('brandColourDark');
    expect(accentFailure(body.suggestion!, 'dark')).toBeNull();
    const saved = await t.post('/organisation/update', { organisationId, brandColourDark: '#5EEAD4' }, admin);
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toMatchObject({ brandColour: '#0f766e', brandColourDark: '#5eead4', logoPath: null });
  });

  it('creates no organisation with a failing brand colour', async () => {
    const [owner] = await quickOwners(t, 1);
    expect(expectD4(await t.post('/organisation/create', { name: 'Pale', brandColour: '#fde047' }, owner), 400, 'cmc/low-contrast').field).toBe('brandColour');
    expectD4(await t.get('/find/own/organisation', owner), 404, 'cmc/organisation-not-found');
  });

  it("shows a new brand colour on the company profile's pages at once, over the member's own accent, and not on the private profile", async () => {
    const { organisationId, admin, company, own } = await team();
    expect(styleOf(await page(`/p/${company.id}`))).toContain('--acc:#0f766e');
    expect(styleOf(await page(`/p/${own.id}`))).toContain('--acc:#6d28d9');
    expect((await t.post('/organisation/update', { organisationId, brandColour: '#1d4ed8' }, admin)).status).toBe(200);
    expect(styleOf(await page(`/p/${company.id}`))).toContain('--acc:#1d4ed8');
    expect(styleOf(await page(`/l/${company.shortLinkId}`))).toContain('--acc:#1d4ed8');
    expect(styleOf(await page(`/p/${own.id}`))).toContain('--acc:#6d28d9');
  });
});

describe('the brand on every instance', () => {
  it("shows a new brand colour on another instance's cached company page within the stamp time (at once with Redis)", async () => {
    const { organisationId, admin, company } = await team();
    const other = await t.secondInstance();
    try {
      expect(styleOf((await other.get(`/p/${company.id}`)).raw)).toContain('--acc:#0f766e');
      expect((await t.post('/organisation/update', { organisationId, brandColour: '#1d4ed8' }, admin)).status).toBe(200);
      if (!process.env.REDIS_URL) await new Promise((r) => setTimeout(r, STAMP_CACHE_MS + 100));
      expect(styleOf((await other.get(`/p/${company.id}`)).raw)).toContain('--acc:#1d4ed8');
    } finally {
      await other.close();
    }
  });
});

describe('POST /organisation/logo and POST /organisation/logo/delete', () => {
  it("stores the admin's logo as PNG and shows it on the company profile's pages instead of the member's, then removes it", async () => {
    const { organisationId, admin, company, own } = await team();
    const res = await uploadLogo(admin, organisationId, await pngImage(900, 300, '#0f766e'));
    expect(res.status, res.raw).toBe(200);
    const logoPath = res.body.logoPath as string;
    expect(logoPath).toMatch(/^\/media\/organisations\/.+\/logo-[\w-]+\.png$/);
    expect((await t.app.inject({ method: 'GET', url: logoPath })).headers['content-type']).toBe('image/png');
    expect((await t.get('/find/own/organisation', admin)).body.logoPath).toBe(logoPath);
    expect(await page(`/p/${company.id}`)).toContain(`src="${logoPath}"`);
    expect(await page(`/p/${own.id}`)).not.toContain(logoPath);
    const removed = await t.post('/organisation/logo/delete', { organisationId }, admin);
    expect(removed.body).toEqual({ organisationId, logoPath: null });
    expect(await page(`/p/${company.id}`)).not.toContain(logoPath);
    expect((await t.call({ method: 'GET', url: logoPath })).status).toBe(404);
  });

  it('answers a member 403 and anyone outside the organisation 404, and keeps the logo', async () => {
    const { organisationId, admin, member, outsider } = await team();
    const logoPath = (await uploadLogo(admin, organisationId, await pngImage())).body.logoPath;
    expectD4(await uploadLogo(member, organisationId, await pngImage()), 403, 'cmc/forbidden');
    expectD4(await uploadLogo(outsider, organisationId, await pngImage()), 404, 'cmc/organisation-not-found');
    expectD4(await t.post('/organisation/logo/delete', { organisationId }, member), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/logo/delete', { organisationId }, outsider), 404, 'cmc/organisation-not-found');
    expect((await t.get('/find/own/organisation', admin)).body.logoPath).toBe(logoPath);
  });

  it('refuses what is no image (415), a missing file or organisation id (400 naming it)', async () => {
    const { organisationId, admin } = await team();
    expectD4(await uploadLogo(admin, organisationId, Buffer.from('<svg/>')), 415, 'cmc/unsupported-image');
    const noFile = await multipartBody({ organisationId });
    const missing = await t.call({ method: 'POST', url: '/organisation/logo', payload: noFile.payload, headers: { ...noFile.headers, ...admin.auth } });
    expect(expectD4(missing, 400, 'cmc/invalid-input').field).toBe('logo');
    const noId = await multipartBody({}, { field: 'logo', data: await pngImage(), filename: 'l.png', contentType: 'image/png' });
    const anonymous = await t.call({ method: 'POST', url: '/organisation/logo', payload: noId.payload, headers: { ...noId.headers, ...admin.auth } });
    expect(expectD4(anonymous, 400, 'cmc/invalid-input').field).toBe('organisationId');
    expect(expectD4(await t.post('/organisation/logo/delete', {}, admin), 400, 'cmc/invalid-input').field).toBe('organisationId');
  });
});

describe('the brand on the company profile GET /find/own/profile/signature and GET /find/own/profile/background.png', () => {
  it("gives the company profile's signature the brand's logo and colour, and the private profile its own accent", async () => {
    const { organisationId, admin, member, company, own } = await team();
    const logoPath = (await uploadLogo(admin, organisationId, await pngImage(300, 100, '#0f766e'))).body.logoPath as string;
    const signature = async (profileId: string) =>
      (await t.call({ method: 'GET', url: `/find/own/profile/signature?profileId=${profileId}&layout=classic`, headers: member.auth })).body as {
        html: string;
      };
    const branded = await signature(company.id);
    expect(branded.html).toContain(`src="${t.config.publicUrl}${logoPath}"`);
    expect(branded.html).toContain('border-left:2px solid #0f766e');
    const mine = await signature(own.id);
    expect(mine.html).toContain('border-left:2px solid #6d28d9');
    expect(mine.html).not.toContain(logoPath);
  });

  it("draws the organisation's logo on the company profile's video-call background, and a new logo in the next download", async () => {
    const { organisationId, admin, member, company } = await team();
    const { default: sharp } = await import('sharp');
    const logoPixel = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/find/own/profile/background.png?profileId=${company.id}&layout=minimal&theme=light&size=1920x1080`,
        headers: member.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      // The minimal layout's logo box is 200×80 at (80, 80): its middle.
      const { data } = await sharp(res.rawPayload).extract({ left: 180, top: 120, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)];
    };
    const before = await logoPixel();
    expect((await uploadLogo(admin, organisationId, await pngImage(400, 160, '#dc2626'))).status).toBe(200);
    const [r, g, b] = await logoPixel();
    expect(r).toBeGreaterThan(200);
    expect(g! + b!).toBeLessThan(150);
    expect(before).not.toEqual([r, g, b]);
  });
});
