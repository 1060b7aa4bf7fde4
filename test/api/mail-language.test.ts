import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 23: mails go out in the person's language, not in German and English at once: the
 * language of the request that caused the mail (the app sends its own as Accept-Language), else
 * the one stored with the account at sign-up and each sign-in. The other language is one line.
 */

let t: TestApp;
let n = 0;
const address = () => `10.77.${Math.floor(++n / 250)}.${n % 250}`;
const email = (name: string) => `${name}-${Date.now()}-${++n}@example.org`;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function mailsTo(to: string) {
  const res = await t.get('/_dev/mail');
  return (res.body as Array<{ to: string; subject: string; text: string }>).filter((m) => m.to === to);
}
/** The newest mail to `to` (the outbox lists the newest first). */
const lastMailTo = async (to: string) => (await mailsTo(to))[0];
/** Marks the address confirmed, as its link would. */
const confirm = (to: string) =>
  t.app.db
    .updateTable('user')
    .set({ emailVerified: process.env.DATABASE_URL ? true : 1 })
    .where('email', '=', to)
    .execute();
const languageOf = async (to: string) => (await t.app.db.selectFrom('user').select('language').where('email', '=', to).executeTakeFirstOrThrow()).language;

function signUp(to: string, acceptLanguage?: string, extra: Record<string, unknown> = {}) {
  return t.call({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email: to, password: PASSWORD, name: 'x', ...extra },
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    remoteAddress: address(),
  });
}
function signIn(to: string, acceptLanguage: string) {
  return t.call({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: to, password: PASSWORD },
    headers: { 'accept-language': acceptLanguage },
    remoteAddress: address(),
  });
}

describe('POST /api/auth/sign-up/email mails in the language of the sign-up', () => {
  it('writes the confirmation in German for a German sign-up, with one English line, and stores de with the account', async () => {
    const to = email('de');
    expect((await signUp(to, 'de-DE,de;q=0.9,en;q=0.5')).status).toBe(200);
    const mail = await lastMailTo(to);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toMatch(/^Willkommen! Bitte bestätigen/);
    expect(mail.text).not.toMatch(/Welcome/);
    expect(mail.text).toMatch(/^English: Please confirm your e-mail address$/m);
    expect(await languageOf(to)).toBe('de');
  });

  it('writes it in English for an English sign-up, and for one that names no language (D1)', async () => {
    for (const acceptLanguage of ['en-GB', 'fr-FR', undefined]) {
      const to = email('en');
      expect((await signUp(to, acceptLanguage)).status).toBe(200);
      const mail = await lastMailTo(to);
      expect(mail.subject, String(acceptLanguage)).toBe('Please confirm your e-mail address');
      expect(mail.text).toMatch(/^Deutsch: Bitte bestätigen Sie Ihre E-Mail-Adresse$/m);
      expect(await languageOf(to)).toBe('en');
    }
  });

  it('does not let the sign-up body set the stored language', async () => {
    const to = email('body');
    const res = await signUp(to, 'de', { language: 'en' });
    expect(res.status).toBe(400);
    expect(res.raw).toMatch(/language/);
    expect(await mailsTo(to)).toEqual([]);
  });
});

describe('POST /api/auth/request-password-reset mails in the language of the request, else the account’s', () => {
  it('answers a German account asking in English in English, and asking in no language in German', async () => {
    const to = email('reset');
    await signUp(to, 'de');
    await confirm(to);
    const ask = (headers: Record<string, string>) =>
      t.call({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: to, redirectTo: '/reset-password' },
        headers,
        remoteAddress: address(),
      });
    expect((await ask({ 'accept-language': 'en' })).status).toBe(200);
    expect((await lastMailTo(to)).subject).toBe('Reset your password');
    expect((await ask({})).status).toBe(200);
    expect((await lastMailTo(to)).subject).toBe('Passwort zurücksetzen');
  });
});

describe('POST /send/contact mails the owner in the account’s language', () => {
  it('follows the language of the latest sign-in', async () => {
    const to = email('owner');
    await signUp(to, 'de');
    await confirm(to);
    const session = await signIn(to, 'de');
    expect(session.status, session.raw).toBe(200);
    const token = String(session.headers['set-auth-token']);
    const owner = { auth: { authorization: `Bearer ${token}` } } as never;
    const profile = await createProfile(t, owner, { firstName: 'Lea' });
    const send = (visitor: string) =>
      t.call({ method: 'POST', url: '/send/contact', payload: { profileId: profile.id, senderEmail: visitor, language: 'en' }, remoteAddress: address() });

    expect((await send('visitor-one@example.net')).status).toBe(200);
    const german = (await mailsTo(to)).find((m) => m.subject.includes('visitor-one'))!;
    expect(german.subject).toBe('Neuer Kontakt: visitor-one@example.net');
    expect(german.text).toMatch(/hat Ihnen über Ihr Profil/);
    expect(german.text).not.toMatch(/Someone left/);

    expect((await signIn(to, 'en-US')).status).toBe(200);
    expect(await languageOf(to)).toBe('en');
    expect((await send('visitor-two@example.net')).status).toBe(200);
    const english = (await mailsTo(to)).find((m) => m.subject.includes('visitor-two'))!;
    expect(english.subject).toBe('New contact: visitor-two@example.net');
    expect(english.text).toMatch(/^Deutsch: Neuer Kontakt$/m);
  });
});
