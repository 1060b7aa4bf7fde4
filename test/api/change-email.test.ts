import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { expectD4 } from '../support/factories.ts';

/**
 * Issue 13.5: changing the e-mail address with better-auth's change-email: the link goes to the
 * new address and makes the change; the old address gets a notice.
 */

let t: TestApp;
let addressCounter = 0;
const freshAddress = () => `10.99.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const changeEmail = (user: TestUser | undefined, body: unknown, address = freshAddress()) =>
  t.call({ method: 'POST', url: '/api/auth/change-email', payload: body as object, headers: user?.auth ?? {}, remoteAddress: address });

async function mailsTo(to: string) {
  const res = await t.get('/_dev/mail');
  return (res.body as Array<{ to: string; subject: string; text: string; links: string[] }>).filter((m) => m.to === to);
}
const emailOf = async (userId: string) => (await t.app.db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++addressCounter}@example.org`;

describe('POST /api/auth/change-email', () => {
  it('mails a confirmation link to the new address and a notice to the old one; the link makes the change', async () => {
    const user = await t.signUp();
    const newEmail = uniqueEmail('new');
    const res = await changeEmail(user, { newEmail, callbackURL: '/security' });
    expect(res.status, res.raw).toBe(200);
    // Nothing changes before the new address is confirmed.
    expect(await emailOf(user.userId)).toBe(user.email);

    const [notice] = await mailsTo(user.email).then((m) => m.filter((mail) => /Change of your e-mail address/.test(mail.subject)));
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toMatch(/If this was not you/);
    expect(notice.links).toEqual([]);
    const [confirmation] = await mailsTo(newEmail);
    expect(confirmation.subject).toMatch(/Confirm your new e-mail address/);
    const link = confirmation.links.find((l) => l.includes('/api/auth/verify-email'))!;
    expect(link).toBeDefined();

    const url = new URL(link);
    const followed = await t.call({ method: 'GET', url: url.pathname + url.search });
    expect(followed.status).toBe(302);
    expect(followed.headers.location).toBe('/security');
    expect(await emailOf(user.userId)).toBe(newEmail);
    // Signing in works with the new address only.
    const withNew = await t.call({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: newEmail, password: user.password },
      remoteAddress: freshAddress(),
    });
    expect(withNew.status, withNew.raw).toBe(200);
    const withOld = await t.call({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      remoteAddress: freshAddress(),
    });
    expect(withOld.status).toBe(401);
  });

  it('changes only the account that asked', async () => {
    const alice = await t.signUp();
    const mallory = await t.signUp();
    const newEmail = uniqueEmail('mallory');
    expect((await changeEmail(mallory, { newEmail })).status).toBe(200);
    const link = (await mailsTo(newEmail))[0].links.find((l) => l.includes('/verify-email'))!;
    const url = new URL(link);
    // Opened while another account is signed in, the link changes nothing.
    await t.call({ method: 'GET', url: url.pathname + url.search, headers: alice.auth });
    expect(await emailOf(alice.userId)).toBe(alice.email);
    expect(await emailOf(mallory.userId)).toBe(mallory.email);
    // Opened from the new mailbox (no session), it changes the account that asked.
    await t.call({ method: 'GET', url: url.pathname + url.search });
    expect(await emailOf(mallory.userId)).toBe(newEmail);
    expect(await emailOf(alice.userId)).toBe(alice.email);
  });

  it('refuses a malformed address (400 naming the field), the same address, and a call without a token', async () => {
    const user = await t.signUp();
    for (const newEmail of ['not an address', '', 42]) {
      const body = expectD4(await changeEmail(user, { newEmail }), 400);
      expect(body.field).toBe('newEmail');
    }
    expect(expectD4(await changeEmail(user, {}), 400).field).toBe('newEmail');
    expectD4(await changeEmail(user, { newEmail: user.email }), 400);
    expectD4(await changeEmail(undefined, { newEmail: uniqueEmail('x') }), 401);
    expect(await emailOf(user.userId)).toBe(user.email);
  });

  it('is limited per client address (each request mails two addresses)', async () => {
    const user = await t.signUp();
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await changeEmail(user, { newEmail: uniqueEmail(`try${i}`) }, address)).status).toBe(200);
    expectD4(await changeEmail(user, { newEmail: uniqueEmail('six') }, address), 429, 'too-many-requests');
  });
});
