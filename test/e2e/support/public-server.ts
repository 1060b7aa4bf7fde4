import { createTestApp, type TestApp, type TestUser } from '../../support/test-app.ts';
import { createFullProfile, pngImage, readOwnProfile, upload } from '../../support/factories.ts';
import type { Profile } from '../../../shared/schemas/profile.schema.ts';

/** The real server on a free port, with an owner and the full fixture profile (image and logo uploaded). */
export interface PublicServer {
  t: TestApp;
  base: string;
  owner: TestUser;
  /** The full fixture profile: every field, 20 links, umlauts, profile image and logo. */
  full: Profile;
}

/** Starts the app as the e2e suites need it; call `t.close()` in afterAll. */
export async function startPublicServer(): Promise<PublicServer> {
  // The test app's PUBLIC_URL is its own address: canonical URLs, Open Graph images and the reminder's link are real.
  const t = await createTestApp();
  const owner = await t.signUp();
  const created = await createFullProfile(t, owner);
  // Larger than shown (120 px at up to 3x density), as a phone camera photo would be after resizing.
  await expectOk(upload(t, owner, 'profileImage', created.id, await pngImage(480, 480, '#7d8fa8')));
  await expectOk(upload(t, owner, 'profileLogo', created.id, await pngImage(300, 100, '#b91c1c')));
  const full = await readOwnProfile(t, owner, created.id);
  const base = await t.listen();
  return { t, base, owner, full };
}

async function expectOk(res: Promise<{ status: number; raw: string }>) {
  const { status, raw } = await res;
  if (status !== 200) throw new Error(`upload failed: ${status} ${raw}`);
}
