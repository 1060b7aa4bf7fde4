import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createProfile, expectD4, multipartBody, pngImage, readOwnProfile, upload } from '../support/factories.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';

/** D13 uploads: 5 MB on the server too, type by content, re-encoded without metadata, SVG refused. */

const MAX = 5 * 1024 * 1024;

let t: TestApp;
let owner: TestUser;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  png = await pngImage(120, 90);
});
afterAll(async () => t.close());

async function fetchMedia(path: string) {
  const res = await t.app.inject({ method: 'GET', url: path });
  return { status: res.statusCode, type: String(res.headers['content-type']), data: res.rawPayload };
}

describe('POST /upload/profileImage', () => {
  it('stores the image, answers { id, profileImagePath } and serves it from that path', async () => {
    const p = await createProfile(t, owner);
    const res = await upload(t, owner, 'profileImage', p.id, png);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ id: p.id, profileImagePath: expect.stringMatching(/^\/media\//) });
    expect((await readOwnProfile(t, owner, p.id)).profileImagePath).toBe(res.body.profileImagePath);
    expect((await t.post('/profile/show', { profileId: p.id })).body.profile.profileImagePath).toBe(res.body.profileImagePath);

    const served = await fetchMedia(res.body.profileImagePath);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/jpeg');
    const meta = await sharp(served.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 120, 90]);
  });

  it('reads a PNG sent as photo.jpg with content-type image/jpeg by its content', async () => {
    const p = await createProfile(t, owner);
    const res = await upload(t, owner, 'profileImage', p.id, png, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.status, res.raw).toBe(200);
    const served = await fetchMedia(res.body.profileImagePath);
    const meta = await sharp(served.data).metadata();
    expect([meta.width, meta.height]).toEqual([120, 90]);
  });

  it('serves a camera JPEG with GPS EXIF back without any EXIF', async () => {
    const p = await createProfile(t, owner);
    const photo = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Camera 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 0/1' },
      })
      .toBuffer();
    const inputExif = (await sharp(photo).metadata()).exif;
    expect(inputExif?.includes(Buffer.from('PhoneCo'))).toBe(true);

    const res = await upload(t, owner, 'profileImage', p.id, photo, { filename: 'IMG_0001.JPG', contentType: 'image/jpeg' });
    expect(res.status, res.raw).toBe(200);
    const served = await fetchMedia(res.body.profileImagePath);
    const meta = await sharp(served.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.data.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('answers 413 in D4 shape for 5 MB + 1 byte and keeps the profile as it was', async () => {
    const p = await createProfile(t, owner);
    const tooLarge = Buffer.alloc(MAX + 1, 0x41);
    png.copy(tooLarge);
    const body = expectD4(await upload(t, owner, 'profileImage', p.id, tooLarge), 413, 'cmc/file-too-large');
    expect(body.message).toMatch(/5 MB/);
    expect((await readOwnProfile(t, owner, p.id)).profileImagePath).toBeNull();
  });

  it('accepts an image of exactly 5 MB', async () => {
    const p = await createProfile(t, owner);
    // A PNG padded after its end chunk: decoders stop at IEND, the size is what counts here.
    const exact = Buffer.alloc(MAX, 0);
    png.copy(exact);
    const res = await upload(t, owner, 'profileImage', p.id, exact);
    expect(res.status, res.raw).toBe(200);
  });

  it('refuses an SVG with 415 even when it claims to be a PNG', async () => {
    const p = await createProfile(t, owner);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expectD4(await upload(t, owner, 'profileImage', p.id, svg, { filename: 'logo.svg', contentType: 'image/svg+xml' }), 415, 'cmc/unsupported-image');
    expectD4(await upload(t, owner, 'profileLogo', p.id, svg, { filename: 'logo.png', contentType: 'image/png' }), 415, 'cmc/unsupported-image');
    const back = await readOwnProfile(t, owner, p.id);
    expect([back.profileImagePath, back.profileLogoPath]).toEqual([null, null]);
  });

  it('refuses bytes that are no image with 415', async () => {
    const p = await createProfile(t, owner);
    expectD4(await upload(t, owner, 'profileImage', p.id, Buffer.from('just some text, not a picture')), 415, 'cmc/unsupported-image');
  });

  it('replaces an earlier image: new path, the old one is gone', async () => {
    const p = await createProfile(t, owner);
    const first = await upload(t, owner, 'profileImage', p.id, png);
    const second = await upload(t, owner, 'profileImage', p.id, await pngImage(30, 30, '#00ff00'));
    expect(second.status, second.raw).toBe(200);
    expect(second.body.profileImagePath).not.toBe(first.body.profileImagePath);
    expect((await fetchMedia(second.body.profileImagePath)).status).toBe(200);
    expectD4(await t.get(first.body.profileImagePath), 404);
  });

  it('answers 400 naming profileId when it is missing', async () => {
    const body = await multipartBody({}, { field: 'profileImage', data: png, filename: 'a.png', contentType: 'image/png' });
    const res = await t.call({ method: 'POST', url: '/upload/profileImage', payload: body.payload, headers: { ...body.headers, ...owner.auth } });
    expect(expectD4(res, 400).field).toBe('profileId');
  });

  it('answers 400 naming profileImage when the file is missing or under another field name', async () => {
    const p = await createProfile(t, owner);
    const none = await multipartBody({ profileId: p.id });
    const res1 = await t.call({ method: 'POST', url: '/upload/profileImage', payload: none.payload, headers: { ...none.headers, ...owner.auth } });
    expect(expectD4(res1, 400).field).toBe('profileImage');
    const wrong = await multipartBody({ profileId: p.id }, { field: 'picture', data: png, filename: 'a.png', contentType: 'image/png' });
    const res2 = await t.call({ method: 'POST', url: '/upload/profileImage', payload: wrong.payload, headers: { ...wrong.headers, ...owner.auth } });
    expect(expectD4(res2, 400).field).toBe('profileImage');
  });

  it('answers 400 for an empty file', async () => {
    const p = await createProfile(t, owner);
    expect(expectD4(await upload(t, owner, 'profileImage', p.id, Buffer.alloc(0)), 400).field).toBe('profileImage');
  });

  it('answers 400 for a JSON body instead of multipart', async () => {
    const p = await createProfile(t, owner);
    expectD4(await t.post('/upload/profileImage', { profileId: p.id, profileImage: 'data:image/png;base64,AAAA' }, owner), 400);
  });

  it('answers 404 cmc/profile-not-found for an unknown profile', async () => {
    expectD4(await upload(t, owner, 'profileImage', 'noSuchProfile', png), 404, 'cmc/profile-not-found');
  });
});

describe('POST /upload/profileLogo and POST /delete/profileLogo', () => {
  it('stores a logo as PNG, answers { id, profileLogoPath }, and deleting it clears the path and the file', async () => {
    const p = await createProfile(t, owner);
    const up = await upload(t, owner, 'profileLogo', p.id, png, { filename: 'logo.png' });
    expect(up.status, up.raw).toBe(200);
    expect(up.body).toEqual({ id: p.id, profileLogoPath: expect.stringMatching(/^\/media\//) });
    const served = await fetchMedia(up.body.profileLogoPath);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect((await readOwnProfile(t, owner, p.id)).profileLogoPath).toBe(up.body.profileLogoPath);

    const del = await t.post('/delete/profileLogo', { profileId: p.id }, owner);
    expect(del.status, del.raw).toBe(200);
    expect(del.body).toEqual({ id: p.id, profileLogoPath: null });
    expect((await readOwnProfile(t, owner, p.id)).profileLogoPath).toBeNull();
    expectD4(await t.get(up.body.profileLogoPath), 404);
  });

  it('leaves the profile image alone when the logo is deleted', async () => {
    const p = await createProfile(t, owner);
    const image = await upload(t, owner, 'profileImage', p.id, png);
    await upload(t, owner, 'profileLogo', p.id, png);
    await t.post('/delete/profileLogo', { profileId: p.id }, owner);
    expect((await readOwnProfile(t, owner, p.id)).profileImagePath).toBe(image.body.profileImagePath);
  });

  it('answers 404 cmc/profile-not-found when deleting the logo of an unknown profile', async () => {
    expectD4(await t.post('/delete/profileLogo', { profileId: 'noSuchProfile' }, owner), 404, 'cmc/profile-not-found');
  });
});

describe('GET /media/*', () => {
  it('answers 404 in D4 shape for unknown and path-escaping keys', async () => {
    expectD4(await t.get('/media/profiles/nope/image-none.jpg'), 404);
    expectD4(await t.get('/media/..%2F..%2Fetc%2Fpasswd'), 404);
  });
});

describe('GET /find/own/login-image (D15)', () => {
  it('answers the image of the most recently updated profile that has one', async () => {
    const user = await t.signUp();
    const a = await createProfile(t, user);
    const b = await createProfile(t, user);
    await createProfile(t, user); // no image: never chosen
    const imageA = (await upload(t, user, 'profileImage', a.id, png)).body.profileImagePath;
    await new Promise((r) => setTimeout(r, 5));
    const imageB = (await upload(t, user, 'profileImage', b.id, png)).body.profileImagePath;
    expect((await t.get('/find/own/login-image', user)).body).toEqual({ loginImagePath: imageB });

    await new Promise((r) => setTimeout(r, 5));
    expect((await t.post('/profile/update', { id: a.id, jobTitle: 'Newer' }, user)).status).toBe(200);
    expect((await t.get('/find/own/login-image', user)).body).toEqual({ loginImagePath: imageA });

    const served = await fetchMedia(imageA);
    expect(served.status).toBe(200);
  });

  it('ignores the image of a removed profile', async () => {
    const user = await t.signUp();
    const p = await createProfile(t, user);
    await upload(t, user, 'profileImage', p.id, png);
    expect((await t.post('/profile/delete', { profileId: p.id }, user)).status).toBe(200);
    expect((await t.get('/find/own/login-image', user)).body).toEqual({ loginImagePath: null });
  });
});

// Uploads in an S3-compatible bucket (S3_BUCKET; s3rver from the npm registry, in this process):
// what one instance stored, the other serves; /readyz says when the store does not answer.
describe('with S3 storage', () => {
  let s3: TestS3Server;
  let first: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server(['uploads-a']);
    first = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await first?.close();
    await s3?.close();
  });

  it('serves an upload made through one instance from the other, from the bucket, and deletes the replaced one', async () => {
    const user = await first.signUp();
    const p = await createProfile(first, user);
    const one = await upload(first, user, 'profileImage', p.id, png);
    expect(one.status, one.raw).toBe(200);
    const other = await first.secondInstance();
    try {
      const served = await other.app.inject({ method: 'GET', url: one.body.profileImagePath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(120);
      // Nothing in the data folder: the bucket holds it.
      expect(fs.existsSync(path.join(first.config.dataDir, 'uploads'))).toBe(false);
      const two = await upload(first, user, 'profileImage', p.id, await pngImage(60, 40));
      expect(two.status).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: one.body.profileImagePath })).statusCode).toBe(404);
      expect((await other.app.inject({ method: 'GET', url: two.body.profileImagePath })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('says storage down in /readyz (503) while the store does not answer', async () => {
    const unreachable = await createTestApp({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:1' });
    try {
      const res = await unreachable.get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.components.storage).toBe('down');
      expect(res.body.components.database).toBe('up');
    } finally {
      await unreachable.close();
    }
  });
});
