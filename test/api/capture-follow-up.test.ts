import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLLOW_UP_DAY_RULE,
  FOLLOW_UP_HOUR_RULE,
  FOLLOW_UP_LEAD_RULE,
  FOLLOW_UP_SETTINGS_RULE,
} from '../../server/features/capture/capture-follow-up.service.ts';
import type { RateRule } from '../../server/lib/rate-limiter.ts';
import { createProfile, expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 36: POST /capture/follow-up (the mail to a captured person, in their language, through
 * the outbox: the owner's text, meeting link, vCard and the GDPR Art. 14 notice with the lead's
 * deletion link), POST /capture/follow-up/settings and GET /find/own/capture/follow-up-settings,
 * through the real app: ownership, bad input naming the field, a lead without e-mail, the limits.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function fill(rule: RateRule, subject: string) {
  for (let done = 0; done < rule.max; done += 50) {
    await Promise.all(Array.from({ length: Math.min(50, rule.max - done) }, () => t.app.platform.rateLimiter.hit(rule, subject)));
  }
}

async function ownerWithProfile(): Promise<{ user: TestUser; profileId: string }> {
  const [user] = await quickOwners(t, 1);
  const profileId = (
    await createProfile(t, user!, { firstName: 'Olga', lastName: 'Owner', companyName: 'Owner & Co', businessEmailAddress: 'olga@owner.example' })
  ).id;
  return { user: user!, profileId };
}

/** A captured lead of `user`; answers its id. */
async function captured(user: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await t.post(
    '/capture/save',
    {
      clientId: randomUUID(),
      method: 'paper',
      capturedAt: Date.now() - 60_000,
      firstName: 'Emily',
      lastName: 'Carter',
      company: 'Harbour & Finch',
      email: `emily.${randomUUID().slice(0, 8)}@harbourfinch.com`,
      country: 'United Kingdom',
      ...overrides,
    },
    user,
  );
  expect(res.status, res.raw).toBe(200);
  return res.body.leadId as string;
}

const followUp = (body: unknown, user?: TestUser) => t.post('/capture/follow-up', body, user);

/** The mail the outbox sent to `to` (its worker runs every half second). */
async function mailTo(to: string) {
  for (let i = 0; i < 100; i++) {
    const mail = (await t.app.mailer.outbox()).find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

describe('POST /capture/follow-up', () => {
  it("sends the person the default text in their card's language with the vCard and the Art. 14 notice", async () => {
    const { user } = await ownerWithProfile();
    const email = `anna.${randomUUID().slice(0, 8)}@beispiel.de`;
    const leadId = await captured(user, { firstName: 'Anna', lastName: 'Berg', email, country: 'Deutschland' });
    const res = await followUp({ leadId }, user);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ followUpId: expect.any(String), language: 'de', to: email });

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Unser Gespräch – Olga Owner');
    expect(mail.text).toContain('Guten Tag Anna Berg,');
    expect(mail.text).toContain('Datenschutzhinweis (Art. 14 DSGVO)');
    expect(mail.text).toContain(
      'Olga Owner, Owner & Co (olga@owner.example) ist für Ihre Angaben verantwortlich: Name, E-Mail-Adresse und Firma aus Ihrer Visitenkarte',
    );
    expect(mail.text).toContain(`höchstens ${t.config.leadsRetentionDays} Tage`);
    expect(mail.attachments).toEqual([expect.stringMatching(/\.vcf$/)]);
    // The deletion link is the lead's own: it deletes this lead.
    const link = mail.links.find((l) => l.includes('/delete/lead?token='))!;
    expect(link).toContain('&lng=de');
    const token = new URL(link).searchParams.get('token')!;
    expect(await t.app.features.leads.leads.deletionState(token)).toBe('confirm');
    const row = await t.app.db.selectFrom('captureFollowUp').selectAll().where('id', '=', res.body.followUpId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ leadId, userId: user.userId, language: 'de', sentAt: expect.any(Number) });
  });

  it("uses the owner's own text and meeting link, in the language the owner chose", async () => {
    const { user } = await ownerWithProfile();
    const saved = await t.post(
      '/capture/follow-up/settings',
      {
        meetingLink: 'https://cal.example.com/olga',
        texts: {
          de: { subject: '', body: '' },
          en: { subject: 'Great to meet you at {event}, {firstName}', body: 'Hi {firstName},\n\nlovely chat.\n\n{myName}' },
        },
      },
      user,
    );
    expect(saved.status, saved.raw).toBe(200);
    const event = await t.post('/capture/event/save', { name: 'Hannover Messe', startsOn: '2026-04-20', endsOn: '2026-04-24' }, user);
    const email = `ben.${randomUUID().slice(0, 8)}@beispiel.de`;
    const leadId = await captured(user, { firstName: 'Ben', email, country: 'Deutschland', eventId: event.body.id });
    const res = await followUp({ leadId, language: 'en' }, user);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.language).toBe('en');
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Great to meet you at Hannover Messe, Ben');
    expect(mail.text).toMatch(/^Hi Ben,\n\nlovely chat\.\n\nOlga Owner\n\nYou can pick a time to meet me here:\nhttps:\/\/cal\.example\.com\/olga\n/);
    expect(mail.text).toContain('Privacy notice (GDPR Art. 14)');
    expect(mail.text).toContain('(Hannover Messe)');
    expect(mail.links).toContain('https://cal.example.com/olga');
  });

  it("answers 404 for another owner's lead and for one that does not exist", async () => {
    const { user } = await ownerWithProfile();
    const { user: other } = await ownerWithProfile();
    const leadId = await captured(other);
    expect(expectD4(await followUp({ leadId }, user), 404).field).toBe('leadId');
    expect(expectD4(await followUp({ leadId: 'nosuchlead' }, user), 404).field).toBe('leadId');
    expect((await followUp({ leadId })).status).toBe(401);
  });

  it("refuses a lead without e-mail, a visitor's lead and bad input, naming the field", async () => {
    const { user } = await ownerWithProfile();
    const noMail = await captured(user, { email: '', phone: '+49 30 1234567' });
    const refused = expectD4(await followUp({ leadId: noMail }, user), 409);
    expect(refused.field).toBe('leadId');
    expect(refused.message).toContain('no e-mail address');
    // A visitor's lead (the page's form) had its mail then (Art. 13): no follow-up here.
    const visitor = await captured(user);
    await t.app.db.updateTable('lead').set({ method: 'form' }).where('id', '=', visitor).execute();
    expect(expectD4(await followUp({ leadId: visitor }, user), 409).message).toContain('captured');
    expect(expectD4(await followUp({}, user), 400).field).toBe('leadId');
    const leadId = await captured(user);
    expect(expectD4(await followUp({ leadId, language: 'fr' }, user), 400).field).toBe('language');
  });

  it('limits follow-ups per lead and per account (429 with Retry-After), counted in the shared store', async () => {
    const { user } = await ownerWithProfile();
    const leadId = await captured(user);
    for (let i = 0; i < FOLLOW_UP_LEAD_RULE.max; i++) expect((await followUp({ leadId }, user)).status).toBe(200);
    const again = expectD4(await followUp({ leadId }, user), 429);
    expect(again.message).toContain('today already');

    const { user: busy } = await ownerWithProfile();
    const other = await captured(busy);
    await fill(FOLLOW_UP_HOUR_RULE, busy.userId);
    const res = await followUp({ leadId: other }, busy);
    expectD4(res, 429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(FOLLOW_UP_DAY_RULE.max).toBeGreaterThan(FOLLOW_UP_HOUR_RULE.max);
  });
});

describe('POST /capture/follow-up/settings and GET /find/own/capture/follow-up-settings', () => {
  it('answers the defaults and the notice until the owner saves, then their own texts', async () => {
    const { user } = await ownerWithProfile();
    const first = await t.get('/find/own/capture/follow-up-settings', user);
    expect(first.status, first.raw).toBe(200);
    expect(first.body).toMatchObject({
      meetingLink: '',
      texts: { de: { subject: '', body: '' }, en: { subject: '', body: '' } },
      defaults: { de: { subject: expect.any(String) }, en: { body: expect.stringContaining('{name}') } },
      notice: {
        de: expect.stringContaining('Art. 6 Abs. 1 lit. f DSGVO'),
        en: expect.stringContaining(`kept for at most ${t.config.leadsRetentionDays} days`),
      },
    });
    const body = { meetingLink: '', texts: { de: { subject: 'Hallo', body: 'Hallo {firstName}' }, en: { subject: '', body: '' } } };
    expect((await t.post('/capture/follow-up/settings', body, user)).status).toBe(200);
    expect((await t.get('/find/own/capture/follow-up-settings', user)).body.texts.de).toEqual({ subject: 'Hallo', body: 'Hallo {firstName}' });
    // Each account its own: another owner still sees the defaults.
    const { user: other } = await ownerWithProfile();
    expect((await t.get('/find/own/capture/follow-up-settings', other)).body.texts.de.subject).toBe('');
    expect((await t.get('/find/own/capture/follow-up-settings')).status).toBe(401);
  });

  it('refuses a bad meeting link and oversized text, naming the field, and limits saves', async () => {
    const { user } = await ownerWithProfile();
    const texts = { de: { subject: '', body: '' }, en: { subject: '', body: '' } };
    expect(expectD4(await t.post('/capture/follow-up/settings', { meetingLink: 'http://cal.example.com', texts }, user), 400).field).toBe('meetingLink');
    expect(expectD4(await t.post('/capture/follow-up/settings', { meetingLink: 'javascript:alert(1)', texts }, user), 400).field).toBe('meetingLink');
    const long = { ...texts, en: { subject: 'x'.repeat(151), body: '' } };
    expect(expectD4(await t.post('/capture/follow-up/settings', { meetingLink: '', texts: long }, user), 400).field).toBe('texts.en.subject');
    expect(expectD4(await t.post('/capture/follow-up/settings', { meetingLink: '' }, user), 400).field).toBe('texts');
    await fill(FOLLOW_UP_SETTINGS_RULE, user.userId);
    expectD4(await t.post('/capture/follow-up/settings', { meetingLink: '', texts }, user), 429);
  });
});
