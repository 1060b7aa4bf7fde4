import type { OutboxMail } from '../../server/mail/mailer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../server/features/leads/contact.service.ts';
import { publicProfileSchema } from '../../shared/schemas/public-profile.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createProfile, expectD4 } from '../support/factories.ts';

/** D5 contact exchange: a stored lead, a mail to the owner, the vCard to the visitor, rate limits. */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t.close());

let visitorCounter = 0;
const newVisitor = () => `visitor${++visitorCounter}-${Date.now()}@example.net`;

async function outbox(): Promise<OutboxMail[]> {
  return (await t.get('/_dev/mail')).body;
}

async function leadsOf(profileId: string) {
  return t.app.db.selectFrom('lead').selectAll().where('profileId', '=', profileId).execute();
}

describe('POST /send/contact', () => {
  it('stores a lead, mails the owner the visitor’s address and the visitor the vCard, and answers { profile }', async () => {
    const p = await createProfile(t, owner, { firstName: 'Jürgen', lastName: 'Größe' });
    const visitor = newVisitor();
    const res = await t.post('/send/contact', { profileId: p.id, senderEmail: visitor, language: 'en' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.profile.id).toBe(p.id);
    expect(publicProfileSchema.strict().safeParse(res.body.profile).success).toBe(true);

    const leads = await leadsOf(p.id);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ email: visitor, language: 'en' });

    const mails = await outbox();
    const toOwner = mails.find((m) => m.to === owner.email && m.text.includes(visitor));
    expect(toOwner, 'mail to the owner').toBeDefined();
    expect(toOwner!.html).toContain(visitor);

    const toVisitor = mails.find((m) => m.to === visitor);
    expect(toVisitor, 'mail to the visitor').toBeDefined();
    expect(toVisitor!.attachments).toHaveLength(1);
    expect(toVisitor!.attachments[0]).toMatch(/\.vcf$/);
    expect(toVisitor!.subject).toMatch(/contact/i);
    expect(toVisitor!.subject).toContain('Jürgen Größe');
    expect(toVisitor!.links).toContain(`${t.config.publicUrl}/p/${p.id}`);
  });

  it('writes to the visitor in German when language is de', async () => {
    const p = await createProfile(t, owner, { firstName: 'Anna', lastName: 'Schmidt' });
    const visitor = newVisitor();
    expect((await t.post('/send/contact', { profileId: p.id, senderEmail: visitor, language: 'de' })).status).toBe(200);
    const toVisitor = (await outbox()).find((m) => m.to === visitor)!;
    expect(toVisitor.subject).toBe('Kontaktdaten von Anna Schmidt');
  });

  it('works with a token too and stores the address in lower case', async () => {
    const p = await createProfile(t, owner);
    const res = await t.post('/send/contact', { profileId: p.id, senderEmail: '  Mixed.Case@Example.NET ', language: 'de' }, owner);
    expect(res.status, res.raw).toBe(200);
    expect((await leadsOf(p.id)).map((l) => l.email)).toEqual(['mixed.case@example.net']);
  });

  it.each(['a@b', 'no-at-sign.example.com', 'two words@example.com', ''])('refuses %j with 400 naming senderEmail and sends nothing', async (senderEmail) => {
    const p = await createProfile(t, owner);
    const before = (await outbox()).length;
    const body = expectD4(await t.post('/send/contact', { profileId: p.id, senderEmail, language: 'en' }), 400);
    expect(body.field).toBe('senderEmail');
    expect(body.message.startsWith('senderEmail')).toBe(true);
    expect(await leadsOf(p.id)).toHaveLength(0);
    expect((await outbox()).length).toBe(before);
  });

  it('refuses a language other than de or en with 400 naming language', async () => {
    const p = await createProfile(t, owner);
    expect(expectD4(await t.post('/send/contact', { profileId: p.id, senderEmail: newVisitor(), language: 'fr' }), 400).field).toBe('language');
  });

  it('answers 404 cmc/profile-not-found for an unknown profile', async () => {
    expectD4(await t.post('/send/contact', { profileId: 'noSuchProfile1', senderEmail: newVisitor(), language: 'en' }), 404, 'cmc/profile-not-found');
  });

  it('answers 429 after a few requests from the same address, and stores no lead for them', async () => {
    const p = await createProfile(t, owner);
    const visitor = newVisitor();
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 6; i++) {
      const res = await t.post('/send/contact', { profileId: p.id, senderEmail: visitor, language: 'en' });
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    expect(statuses[0]).toBe(200);
    expect(limited, statuses.join(',')).toBeDefined();
    expectD4(limited!, 429, 'cmc/rate-limited');
    const successes = statuses.filter((s) => s === 200).length;
    expect(statuses).toEqual([...Array(successes).fill(200), ...Array(6 - successes).fill(429)]);
    expect(await leadsOf(p.id)).toHaveLength(successes);
    // Another visitor is not held back by the first one's limit.
    expect((await t.post('/send/contact', { profileId: p.id, senderEmail: newVisitor(), language: 'en' })).status).toBe(200);
  });

  it('limits requests per profile across many visitor e-mail and network addresses', async () => {
    const p = await createProfile(t, owner);
    let firstLimited = -1;
    for (let i = 0; i < 200 && firstLimited < 0; i++) {
      // Each from its own network address, so the per-client limit (contact-limits.test.ts) stays out of it.
      const res = await t.call({
        method: 'POST',
        url: '/send/contact',
        payload: { profileId: p.id, senderEmail: newVisitor(), language: 'en' },
        remoteAddress: `192.0.2.${i % 250}`,
      });
      if (res.status === 429) firstLimited = i;
      else expect(res.status, res.raw).toBe(200);
    }
    expect(firstLimited).toBe(CONTACT_LIMITS.perProfilePerHour);
    expect(await leadsOf(p.id)).toHaveLength(firstLimited);
  });
});
