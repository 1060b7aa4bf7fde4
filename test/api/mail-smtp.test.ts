import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createProfile, expectD4 } from '../support/factories.ts';

/** Real delivery with SMTP_URL set: nodemailer talks SMTP to a server started here, not to the outbox. */

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Cards <cards@example.com>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The message text with quoted-printable and base64 body parts decoded, enough to find links. */
function decoded(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)].map((m) =>
    Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return [Buffer.from(qp, 'latin1').toString('utf8'), ...base64Parts].join('\n');
}

async function waitFor(predicate: () => Received | undefined, timeoutMs = 5000): Promise<Received> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = predicate();
    if (found) return found;
    if (Date.now() > until) throw new Error(`no such mail among ${received.length}: ${received.map((r) => r.to.join(',')).join(' | ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SMTP delivery', () => {
  it('delivers the verification mail with its link to the SMTP server, not to the outbox', async () => {
    const user = await t.signUp({ verified: false });
    const mail = await waitFor(() => received.find((m) => m.to.includes(user.email)));
    expect(mail.from).toBe('cards@example.com');
    expect(mail.raw).toMatch(/^Subject: /m);
    const text = decoded(mail.raw);
    const link = new RegExp(`${t.config.publicUrl.replace(/[.]/g, '\\.')}/api/auth/verify-email\\?token=[^\\s"'<>]+`).exec(text)?.[0];
    expect(link, text.slice(0, 2000)).toBeDefined();

    // The link verifies the user, as it does from the outbox (opened without the sign-up's
    // cookie, it ends the sessions made before it: the owner signs in again).
    const url = new URL(link!.replace(/&amp;/g, '&'));
    const verified = await t.call({ method: 'GET', url: url.pathname + url.search });
    expect(verified.status, verified.raw).toBeLessThan(400);
    const signIn = await t.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.body.user.emailVerified).toBe(true);

    // Nothing went to the local outbox.
    expect((await t.get('/_dev/mail')).body).toEqual([]);
    expect(fs.existsSync(path.join(t.config.dataDir, 'outbox'))).toBe(false);
  });

  it('delivers both contact-exchange mails: the lead to the owner and the vCard to the visitor', async () => {
    const owner = await t.signUp();
    const p = await createProfile(t, owner, { firstName: 'Jürgen', lastName: 'Größe' });
    const visitor = `smtp-visitor-${Date.now()}@example.net`;
    const res = await t.post('/send/contact', { profileId: p.id, senderEmail: visitor, language: 'de' });
    expect(res.status, res.raw).toBe(200);

    const toOwner = await waitFor(() => received.find((m) => m.to.includes(owner.email) && decoded(m.raw).includes(visitor)));
    expect(toOwner.raw).toMatch(new RegExp(`^Reply-To: ${visitor.replace(/[.]/g, '\\.')}`, 'mi'));
    const toVisitor = await waitFor(() => received.find((m) => m.to.includes(visitor)));
    expect(toVisitor.raw).toMatch(/Content-Type: text\/vcard/i);
    expect(toVisitor.raw).toMatch(/filename="?[^"\r\n]*\.vcf"?/i);
    expect(decoded(toVisitor.raw)).toContain('BEGIN:VCARD');
  });

  it('answers 502 in D4 shape when the SMTP server is gone, and keeps the lead', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const user = await down.signUp();
      const profile = await createProfile(down, user);
      const res = await down.post('/send/contact', { profileId: profile.id, senderEmail: 'someone@example.net', language: 'en' });
      expectD4(res, 502);
      const leads = await down.app.db.selectFrom('lead').select('email').where('profileId', '=', profile.id).execute();
      expect(leads.map((l) => l.email)).toEqual(['someone@example.net']);
    } finally {
      await down.close();
    }
  });
});
