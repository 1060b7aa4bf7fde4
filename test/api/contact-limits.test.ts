import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_RULES } from '../../server/features/leads/contact.service.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createProfile, expectD4 } from '../support/factories.ts';

/**
 * Issue 10, point 2: POST /send/contact is no mail relay. `senderEmail` is exactly one mailbox,
 * and sends are limited per client address and per owner account across all their profiles,
 * on top of D5's per-profile limits, counted in the database that every instance shares.
 */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t.close());

let sequence = 0;
const visitor = () => `visitor${++sequence}@example.net`;
/** A client address no other test uses, so each test starts below every limit. */
const freshClient = () => `198.51.${Math.floor(++sequence / 250) % 250}.${sequence % 250}`;

const send = (profileId: string, senderEmail: string, remoteAddress: string) =>
  t.call({ method: 'POST', url: '/send/contact', payload: { profileId, senderEmail, language: 'en' }, remoteAddress });

const outboxSize = async () => (await t.app.mailer.outbox()).length;
const leadCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('lead')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('senderEmail is exactly one mailbox', () => {
  it.each([
    ['a comma list', 'a@example.de,b@example.org'],
    ['a semicolon list', 'a@example.de;b@example.org'],
    ['a list with spaces', 'a@example.de, b@example.org'],
    ['a display name', 'Max Muster <a@example.de>'],
    ['an angle address', '<a@example.de>'],
    ['a comment', 'a@example.de (work)'],
    ['a group', 'friends: a@example.de, b@example.org;'],
    ['a header injection', 'a@example.de\r\nBcc: b@example.org'],
    ['a bare line feed', 'a@example.de\nb@example.org'],
    ['no domain dot', 'a@localhost'],
  ])('refuses %s with a 400 naming senderEmail, mailing and storing nothing', async (_name, senderEmail) => {
    const p = await createProfile(t, owner);
    const [mails, leads] = [await outboxSize(), await leadCount()];
    const res = await send(p.id, senderEmail, freshClient());
    expect(expectD4(res, 400, 'cmc/invalid-input').field).toBe('senderEmail');
    expect(await outboxSize()).toBe(mails);
    expect(await leadCount()).toBe(leads);
  });

  it('accepts a plain address with plus, dots and a long domain, and mails only it', async () => {
    const p = await createProfile(t, owner);
    const address = 'anna.maria+cards@mail.example.co.uk';
    expect((await send(p.id, address, freshClient())).status).toBe(200);
    const toVisitor = (await t.app.mailer.outbox()).filter((m) => m.to.includes('anna.maria'));
    expect(toVisitor.map((m) => m.to)).toEqual([address]);
  });

  it('the page form without JavaScript sends a list back to the inline email_error', async () => {
    const p = await createProfile(t, owner);
    const mails = await outboxSize();
    const res = await t.app.inject({
      method: 'POST',
      url: `/p/${p.id}/contact`,
      payload: 'senderEmail=a%40example.de%2Cb%40example.org&language=de',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshClient(),
    });
    // Refused: the page comes back with the form as typed (issue 23).
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/name="senderEmail"[^>]*value="a@example.de,b@example.org"/);
    expect(await outboxSize()).toBe(mails);
  });
});

describe('limits across profiles', () => {
  it(`one client address sends at most ${CONTACT_RATE_RULES.perClient.max} an hour, however many profiles it uses`, async () => {
    const client = freshClient();
    const others = await Promise.all(Array.from({ length: 3 }, () => t.signUp()));
    const profiles = await Promise.all(Array.from({ length: CONTACT_RATE_RULES.perClient.max + 1 }, (_, i) => createProfile(t, others[i % others.length])));
    for (const p of profiles.slice(0, -1)) expect((await send(p.id, visitor(), client)).status).toBe(200);

    const [mails, leads] = [await outboxSize(), await leadCount()];
    const refused = await send(profiles.at(-1)!.id, visitor(), client);
    expectD4(refused, 429, 'cmc/rate-limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await outboxSize()).toBe(mails);
    expect(await leadCount()).toBe(leads);

    // Another client is not held back by this one.
    expect((await send(profiles.at(-1)!.id, visitor(), freshClient())).status).toBe(200);
  });

  it(`one owner account receives at most ${CONTACT_RATE_RULES.perOwner.max} sends a day over all its profiles`, async () => {
    const busy = await t.signUp();
    // Two profiles: D5's 60 an hour per profile does not decide this test.
    const [a, b] = [await createProfile(t, busy), await createProfile(t, busy)];
    for (let i = 0; i < CONTACT_RATE_RULES.perOwner.max; i++) {
      const res = await send(i % 2 ? a.id : b.id, visitor(), freshClient());
      expect(res.status, res.raw).toBe(200);
    }
    const refused = await send(a.id, visitor(), freshClient());
    expectD4(refused, 429, 'cmc/rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another owner's profile still receives.
    expect((await send((await createProfile(t, owner)).id, visitor(), freshClient())).status).toBe(200);
  }, 60_000);

  it("counts on the database, so a second instance sees the first one's sends", async () => {
    const client = freshClient();
    const other = await t.secondInstance();
    try {
      const p = await createProfile(t, owner);
      const q = await createProfile(t, await t.signUp());
      for (let i = 0; i < CONTACT_RATE_RULES.perClient.max; i++) {
        const res = await send(i % 2 ? p.id : q.id, visitor(), client);
        expect(res.status).toBe(200);
      }
      const res = await other.app.inject({
        method: 'POST',
        url: '/send/contact',
        payload: { profileId: p.id, senderEmail: visitor(), language: 'de' },
        remoteAddress: client,
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await other.close();
    }
  });

  it('a refused send on the page without JavaScript comes back to the limit message (#contact-limited)', async () => {
    const client = freshClient();
    for (let i = 0; i < CONTACT_RATE_RULES.perClient.max; i++) await t.app.platform.rateLimiter.hit(CONTACT_RATE_RULES.perClient, client);
    const p = await createProfile(t, owner);
    const form = (accept?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/p/${p.id}/contact`,
        payload: `senderEmail=${encodeURIComponent(visitor())}&language=en`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(accept ? { accept } : {}) },
        remoteAddress: client,
      });
    const plain = await form();
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe(`/p/${p.id}?lng=en#contact-limited`);
    const json = await form('application/json');
    expect(json.statusCode).toBe(429);
    expect(json.headers['retry-after']).toBeDefined();
  });
});

describe('the no-JavaScript form refuses a foreign Origin, as the JSON call does', () => {
  const post = (profileId: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/p/${profileId}/contact`,
      payload: `senderEmail=${encodeURIComponent(visitor())}&language=de`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      remoteAddress: freshClient(),
    });

  it.each([
    ['another site', 'https://evil.example'],
    ['a sandboxed or data: page', 'null'],
  ])('from %s: back to the failure dialog, nothing mailed', async (_name, origin) => {
    const p = await createProfile(t, owner);
    const mails = await outboxSize();
    const res = await post(p.id, { origin });
    expect(res.headers.location).toMatch(/#contact-failed$/);
    expect(await outboxSize()).toBe(mails);
    const json = await post(p.id, { origin, accept: 'application/json' });
    expectD4({ status: json.statusCode, body: json.json(), raw: json.body }, 403);
  });

  it("from the service's own address: sent", async () => {
    const p = await createProfile(t, owner);
    const res = await post(p.id, { origin: new URL(t.config.publicUrl).origin });
    expect(res.headers.location).toMatch(/#contact-sent$/);
  });
});
