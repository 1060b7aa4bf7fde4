import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_RATE_RULE } from '../../server/features/backgrounds/background.service.ts';
import { createProfile, expectD4, pngImage, upload } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 26: video-call backgrounds through the real app, their QR codes read back with a QR
 * decoder (zxing-wasm, its wasm from node_modules: nothing is downloaded).
 */

const wasm = path.join(path.dirname(createRequire(import.meta.url).resolve('zxing-wasm/reader')), '../../reader/zxing_reader.wasm');
prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer }, fireImmediately: true });

async function qrTexts(png: Buffer): Promise<string[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const image = { data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: 'srgb' as const };
  return (await readBarcodes(image, { formats: ['QRCode'] })).map((code) => code.text);
}

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let profileId: string;
const background = (query: string, user: TestUser | undefined = owner) =>
  t.app.inject({ method: 'GET', url: `/find/own/profile/background.png?${query}`, headers: user?.auth });

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([t.signUp(), t.signUp()]);
  const profile = await createProfile(t, owner, { firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Analyst', companyName: 'Engines Ltd' });
  profileId = profile.id;
  expect((await upload(t, owner, 'profileLogo', profileId, await pngImage(400, 160, '#264653'))).status).toBe(200);
});
afterAll(async () => t.close());

describe('GET /find/own/profile/background.png (issue 26)', () => {
  it.each([
    ['left', 'light', '1920x1080'],
    ['right', 'dark', '1920x1080'],
    ['minimal', 'dark', '1280x720'],
  ])('draws the %s layout, %s, at %s with a QR code that decodes to the profile with ?src=background', async (layout, theme, size) => {
    const res = await background(`profileId=${profileId}&layout=${layout}&theme=${theme}&size=${size}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Background-${layout}-${theme}-${size}.png"`);
    const meta = await sharp(res.rawPayload).metadata();
    expect(`${meta.width}x${meta.height}`).toBe(size);
    expect(await qrTexts(res.rawPayload)).toEqual([`${t.config.publicUrl}/p/${profileId}?src=background`]);
  });

  it('shows a profile change in the next download', async () => {
    const before = (await background(`profileId=${profileId}`)).rawPayload;
    expect((await t.post('/profile/update', { id: profileId, jobTitle: 'Chief Analyst' }, owner)).status).toBe(200);
    const after = (await background(`profileId=${profileId}`)).rawPayload;
    expect(after.equals(before)).toBe(false);
  });

  it("answers another owner's profile with 404 and an anonymous caller with 401", async () => {
    const res = await background(`profileId=${profileId}`, stranger);
    expectD4({ status: res.statusCode, body: res.json(), raw: res.body }, 404, 'cmc/profile-not-found');
    expect((await t.app.inject({ method: 'GET', url: `/find/own/profile/background.png?profileId=${profileId}` })).statusCode).toBe(401);
  });

  it('refuses an unknown layout, theme or size with 400 naming the field', async () => {
    for (const [query, field] of [
      ['layout=center', 'layout'],
      ['theme=neon', 'theme'],
      ['size=4000x3000', 'size'],
    ]) {
      const res = await background(`profileId=${profileId}&${query}`);
      const body = expectD4({ status: res.statusCode, body: res.json(), raw: res.body }, 400);
      expect(JSON.stringify(body), query).toContain(field);
    }
  });

  it('limits new drawings per owner; a background already drawn is sent again without counting', async () => {
    const mine = await createProfile(t, stranger, { firstName: 'Eve' });
    const key = `${BACKGROUND_RATE_RULE.name}:${stranger.userId}`;
    expect(key).toContain(stranger.userId);
    // Fill the window up to its limit through the limiter itself, then one new look is refused.
    for (let i = 0; i < BACKGROUND_RATE_RULE.max; i++) await t.app.platform.rateLimiter.hit(BACKGROUND_RATE_RULE, stranger.userId);
    const refused = await background(`profileId=${mine.id}&theme=dark`, stranger);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
