import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BOT_UA, BROWSER_UA, expectD4, quickOwners, registerCard, storePasskey } from '../support/factories.ts';
import { addressPool } from '../support/client-addresses.ts';
import { readZip } from '../support/zip-archive.ts';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';
import { printCardFiles, printCsv } from '../../server/features/cards/index.ts';
import { verificationMail } from '../../server/mail/auth-mails.ts';

/**
 * Issue 28: the operator's console API. Operators are granted in the database (as the command
 * line does) or by OPERATOR_EMAILS; the console opens only with a second factor.
 */

let t: TestApp;
let operator: TestUser;
const CONFIGURED = `configured-${Date.now()}@example.com`;
const freshAddress = addressPool('10.128');

const OPERATOR_CALLS: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
  ['GET', '/operator/me'],
  ['GET', '/operator/cards'],
  ['POST', '/operator/card/block', { cardId: 'x', reason: 'why not' }],
  ['POST', '/operator/card/unblock', { cardId: 'x', reason: 'why not' }],
  ['POST', '/operator/card/reset', { cardId: 'x', reason: 'why not' }],
  ['POST', '/operator/card/move', { cardId: 'x', toEmail: 'a@example.com', reason: 'why not' }],
  ['POST', '/operator/card/owner', { cardId: 'x', reason: 'why not' }],
  ['POST', '/operator/card/resend-verification', { cardId: 'x', reason: 'why not' }],
  ['POST', '/operator/batch/create', { edition: 'rainbow', count: 1, label: 'x' }],
  ['POST', '/operator/organisation/domain/verify', { organisationId: 'x', domain: 'x.example', reason: 'ticket 1' }],
  ['POST', '/operator/organisation/domain/release', { organisationId: 'x', domain: 'x.example', reason: 'ticket 1' }],
  ['GET', '/operator/batches'],
  ['GET', '/operator/batch/bundle?batchId=x'],
  ['GET', '/operator/stats'],
  ['GET', '/operator/stats?format=csv'],
  ['GET', '/operator/audit'],
  ['GET', '/operator/audit?format=csv'],
  ['GET', '/operator/card/taps?cardId=x'],
  ['GET', '/operator/taps/alerts'],
];
const callAs = (user: TestUser | undefined, [method, url, body]: (typeof OPERATOR_CALLS)[number]) =>
  t.call({ method, url, ...(body ? { payload: body as object } : {}), headers: user?.auth });

/** A new operator (granted as `npm run cards -- operator grant` does) with a passkey. */
async function newOperator(): Promise<TestUser> {
  const [user] = await quickOwners(t, 1);
  await createOperatorRepository(t.app.db).grant(user.email, Date.now());
  await storePasskey(t, user, 'key');
  return user;
}
const languageOf = (user: TestUser, language: 'de' | 'en') => t.app.db.updateTable('user').set({ language }).where('id', '=', user.userId).execute();
const mailsTo = async (email: string) => (await t.app.mailer.outbox()).filter((m) => m.to === email);
const cardPage = (cardId: string, lng: 'de' | 'en', app: Pick<TestApp, 'call'> = t) =>
  app.call({ method: 'GET', url: `/card/${cardId}?lng=${lng}`, headers: { 'user-agent': BROWSER_UA, accept: 'text/html' } });
const lastAudit = async () => (await t.get('/operator/audit', operator)).body.entries[0];

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_EMAILS: `someone@example.com, ${CONFIGURED.toUpperCase()}` });
  operator = await newOperator();
});
afterAll(async () => t.close());

describe('who may open the console', () => {
  it('answers 401 to an anonymous caller on every operator path', async () => {
    for (const call of OPERATOR_CALLS) expectD4(await callAs(undefined, call), 401, 'cmc/unauthorized');
  });

  it('answers 404 to a signed-in owner on every operator path, as if it did not exist', async () => {
    const [owner] = await quickOwners(t, 1);
    await storePasskey(t, owner);
    for (const call of OPERATOR_CALLS) expectD4(await callAs(owner, call), 404, 'cmc/not-found');
    // A malformed body or query too: the role is checked first, so a 400 never tells the path exists.
    for (const [method, url] of OPERATOR_CALLS)
      expectD4(await callAs(owner, [method, method === 'GET' ? `${url.split('?')[0]}?cursor=%00&batchId=` : url, { nonsense: true }]), 404, 'cmc/not-found');
  });

  it('answers 403 to an operator without two-factor sign-in or a passkey, on every operator path', async () => {
    const [user] = await quickOwners(t, 1);
    await createOperatorRepository(t.app.db).grant(user.email, Date.now());
    for (const call of OPERATOR_CALLS) expectD4(await callAs(user, call), 403, 'cmc/second-factor-required');
  });

  it('opens to an OPERATOR_EMAILS account once it turns two-factor sign-in on (GET /operator/me)', async () => {
    const user = await t.signUp({ email: CONFIGURED });
    expectD4(await t.get('/operator/me', user), 403, 'cmc/second-factor-required');
    const post = (url: string, body: unknown, token: string) =>
      t.call({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}` }, remoteAddress: freshAddress() });
    const enabled = await post('/api/auth/two-factor/enable', { password: user.password }, user.token);
    expect(enabled.status, enabled.raw).toBe(200);
    const totp = OTPAuth.URI.parse(enabled.body.totpURI) as OTPAuth.TOTP;
    const confirmed = await post('/api/auth/two-factor/verify-totp', { code: totp.generate() }, user.token);
    expect(confirmed.status, confirmed.raw).toBe(200);
    const token = String(confirmed.headers['set-auth-token']);
    const me = await t.call({ method: 'GET', url: '/operator/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.status, me.raw).toBe(200);
    expect(me.body).toEqual({ email: CONFIGURED });
  });

  it('stays shut to an OPERATOR_EMAILS address whose mailbox is not proven', async () => {
    const user = await t.signUp({ email: 'someone@example.com', verified: false });
    await storePasskey(t, user);
    expectD4(await t.get('/operator/me', user), 404, 'cmc/not-found');
  });

  it('shuts at once when the grant is revoked', async () => {
    const user = await newOperator();
    expect((await t.get('/operator/me', user)).status).toBe(200);
    await createOperatorRepository(t.app.db).revoke(user.email);
    expectD4(await t.get('/operator/me', user), 404, 'cmc/not-found');
  });
});

describe('GET /operator/cards (inventory)', () => {
  it('pages through a batch by cursor, every card once and in id order, with state, edition, batch and scans', async () => {
    const { body } = await t.post('/operator/batch/create', { edition: 'firstEditionDark', count: 120, label: 'PO-4711' }, operator);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await t.get(`/operator/cards?batch=${body.batchId}${cursor ? `&cursor=${cursor}` : ''}`, operator);
      expect(page.status, page.raw).toBe(200);
      expect(page.body.cards.length).toBeLessThanOrEqual(50);
      for (const card of page.body.cards)
        expect(card).toMatchObject({
          state: 'minted',
          edition: 'firstEditionDark',
          batchId: body.batchId,
          registered: null,
          blocked: null,
          scans: 0,
          hasOwner: false,
        });
      seen.push(...page.body.cards.map((c: { id: string }) => c.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen).toEqual([...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await t.app.features.operator.bundles.idle();
  }, 60_000);

  it('finds a card by its id or the start of it, and filters by state and edition', async () => {
    const [owner] = await quickOwners(t, 1);
    const card = await registerCard(t, owner, 'kingOfTheMoment');
    const byId = await t.get(`/operator/cards?q=${card.cardId}`, operator);
    expect(byId.body.cards).toEqual([expect.objectContaining({ id: card.cardId, state: 'registered', edition: 'kingOfTheMoment', hasOwner: true })]);
    expect(byId.body.cards[0]).not.toHaveProperty('email');
    const byStart = await t.get(`/operator/cards?q=${card.cardId.slice(0, 6)}`, operator);
    expect(byStart.body.cards.map((c: { id: string }) => c.id)).toContain(card.cardId);
    for (const c of byStart.body.cards) expect(c.id.startsWith(card.cardId.slice(0, 6))).toBe(true);
    const registered = await t.get('/operator/cards?state=registered&edition=kingOfTheMoment', operator);
    expect(registered.body.cards.map((c: { id: string }) => c.id)).toContain(card.cardId);
    for (const c of registered.body.cards) expect(c).toMatchObject({ state: 'registered', edition: 'kingOfTheMoment' });
    const minted = await t.get('/operator/cards?state=minted', operator);
    expect(minted.body.cards.map((c: { id: string }) => c.id)).not.toContain(card.cardId);
  });

  it("shows an organisation's cards as the organisation's, named, not as unregistered, and filters them (issue 35)", async () => {
    const admin = await t.signUp();
    const created = await t.post('/organisation/create', { name: 'Acme Fleet GmbH' }, admin);
    expect(created.status, created.raw).toBe(200);
    const organisationId = created.body.organisationId as string;
    const [spare, held] = await t.mintCards('rainbow', 2);
    expect((await t.post('/organisation/cards/register', { organisationId, cardIds: [spare, held] }, admin)).status).toBe(200);
    const template = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, admin);
    expect(template.status, template.raw).toBe(200);
    const profile = await t.post('/profile/create', { templateId: template.body.templateId, firstName: 'Mia' }, admin);
    expect(profile.status, profile.raw).toBe(200);
    const assigned = await t.post('/organisation/card/assign', { organisationId, cardId: held, userId: admin.userId }, admin);
    expect(assigned.status, assigned.raw).toBe(200);

    const organisation = { id: organisationId, name: 'Acme Fleet GmbH' };
    expect((await t.get(`/operator/cards?q=${spare}`, operator)).body.cards).toEqual([
      expect.objectContaining({ id: spare, state: 'organisation', hasOwner: false, organisation }),
    ]);
    expect((await t.get(`/operator/cards?q=${held}`, operator)).body.cards).toEqual([
      expect.objectContaining({ id: held, state: 'registered', hasOwner: true, organisation }),
    ]);
    const [plain] = await t.mintCards('rainbow', 1);
    expect((await t.get(`/operator/cards?q=${plain}`, operator)).body.cards).toEqual([expect.objectContaining({ state: 'minted', organisation: null })]);

    const ids = async (state: string) => (await t.get(`/operator/cards?state=${state}&edition=rainbow`, operator)).body.cards.map((c: { id: string }) => c.id);
    expect(await ids('organisation')).toContain(spare);
    expect(await ids('organisation')).not.toContain(plain);
    expect(await ids('minted')).not.toContain(spare);
    const stats = (await t.get('/operator/stats', operator)).body;
    expect(stats.cards.organisation).toBeGreaterThanOrEqual(1);
  });

  it('refuses a bad filter with a 400 naming the field', async () => {
    expect(expectD4(await t.get('/operator/cards?state=lost', operator), 400, 'cmc/invalid-input').field).toBe('state');
    expect(expectD4(await t.get('/operator/cards?q=a%27b', operator), 400, 'cmc/invalid-input').field).toBe('q');
    expect(expectD4(await t.get('/operator/cards?edition=gold', operator), 400, 'cmc/invalid-input').field).toBe('edition');
  });
});

describe('support actions', () => {
  it('POST /operator/card/block makes the card page say it is deactivated (de and en) with no profile, on every instance at once, the owner gets a mail in their language, and POST /operator/card/unblock undoes it', async () => {
    const [owner] = await quickOwners(t, 1);
    await languageOf(owner, 'de');
    const card = await registerCard(t, owner);
    const other = await t.secondInstance();
    try {
      expect(
        (
          await cardPage(card.cardId, 'en', {
            call: (o) => other.app.inject(o).then((r) => ({ status: r.statusCode, body: r.body, headers: r.headers, raw: r.body })),
          })
        ).status,
      ).toBe(302);
      const res = await t.post('/operator/card/block', { cardId: card.cardId, reason: 'Lost on a train, owner called' }, operator);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.card).toMatchObject({ id: card.cardId, state: 'blocked', blocked: expect.any(Number) });
      const elsewhere = await other.app.inject({
        method: 'GET',
        url: `/card/${card.cardId}?lng=en`,
        headers: { 'user-agent': BROWSER_UA, accept: 'text/html' },
      });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.body).toContain('This card is deactivated');
      const de = await cardPage(card.cardId, 'de');
      expect(de.status).toBe(200);
      expect(de.raw).toContain('Diese Karte ist deaktiviert');
      expect(de.raw).not.toContain(card.cardProfileId);
      expect(de.headers.location).toBeUndefined();
      // Issue 35: the page names who deactivated the card (ISSUER_NAME) and whom to write to (SUPPORT_EMAIL), about this card.
      expect(de.raw).toContain('Contact Cards hat diese Karte deaktiviert');
      expect(de.raw).toContain(`href="mailto:support@example.com?subject=${encodeURIComponent(`Deaktivierte Karte ${card.cardId}`)}"`);
      // And its owner's card answers say so.
      expect((await t.post('/find/own/card/by-id', { cardId: card.cardId }, owner)).body.blocked).toBe(true);
      expect((await t.get('/find/own/cards', owner)).body.map((c: { blocked: boolean }) => c.blocked)).toEqual([true]);
      expectD4(await t.post('/card/show', { cardId: card.cardId }), 409, 'cmc/card-blocked');
    } finally {
      await other.close();
    }
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe(`Ihre Karte ${card.cardId} wurde deaktiviert`);
    expect(mail.text).not.toContain('train');
    expect(await lastAudit()).toMatchObject({ operator: operator.email, action: 'block', target: card.cardId, reason: 'Lost on a train, owner called' });

    const unblocked = await t.post('/operator/card/unblock', { cardId: card.cardId, reason: 'Found again' }, operator);
    expect(unblocked.body.card.state).toBe('registered');
    expect((await cardPage(card.cardId, 'en')).status).toBe(302);
    expect((await t.post('/find/own/card/by-id', { cardId: card.cardId }, owner)).body.blocked).toBe(false);
    expect((await mailsTo(owner.email))[0].subject).toBe(`Ihre Karte ${card.cardId} ist wieder aktiv`);
    expect(await lastAudit()).toMatchObject({ action: 'unblock', target: card.cardId, reason: 'Found again' });
  });

  it('a blocked card is refused by POST /card/register with cmc/card-blocked', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    await t.post('/operator/card/block', { cardId, reason: 'Stolen from the warehouse' }, operator);
    const [owner] = await quickOwners(t, 1);
    expectD4(await t.post('/card/register', { cardId }, owner), 409, 'cmc/card-blocked');
    expect((await t.get('/find/own/cards', owner)).body).toEqual([]);
  });

  it('POST /operator/card/reset makes the card unregistered on every instance at once, the owner is told in English', async () => {
    const [owner] = await quickOwners(t, 1);
    await languageOf(owner, 'en');
    const card = await registerCard(t, owner);
    const other = await t.secondInstance();
    try {
      const res = await t.post('/operator/card/reset', { cardId: card.cardId, reason: 'Bought second-hand, seller agreed' }, operator);
      expect(res.body.card).toMatchObject({ state: 'minted', hasOwner: false, registered: null });
      const elsewhere = await other.app.inject({
        method: 'GET',
        url: `/card/${card.cardId}?lng=en`,
        headers: { 'user-agent': BROWSER_UA, accept: 'text/html' },
      });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.body).toContain('Make this card yours');
      expect((await other.get('/find/own/cards', owner)).body).toEqual([]);
    } finally {
      await other.close();
    }
    expect((await mailsTo(owner.email))[0].subject).toBe(`Your card ${card.cardId} has been reset`);
    expect(await lastAudit()).toMatchObject({ action: 'reset', target: card.cardId, reason: 'Bought second-hand, seller agreed' });
  });

  it('POST /operator/card/move makes the card show a new profile of the new owner; both are told', async () => {
    const [from, to] = await quickOwners(t, 2);
    const card = await registerCard(t, from);
    const res = await t.post('/operator/card/move', { cardId: card.cardId, toEmail: to.email.toUpperCase(), reason: 'Company account change' }, operator);
    expect(res.status, res.raw).toBe(200);
    expect((await t.get('/find/own/cards', from)).body).toEqual([]);
    const [moved] = (await t.get('/find/own/cards', to)).body;
    expect(moved.cardId).toBe(card.cardId);
    expect(moved.cardProfileId).not.toBe(card.cardProfileId);
    expect((await mailsTo(from.email))[0].subject).toContain('now belongs to another account');
    expect((await mailsTo(to.email))[0].subject).toBe('A card has been added to your account');
    expect(await lastAudit()).toMatchObject({ action: 'move', target: card.cardId, reason: 'Company account change' });
  });

  it("POST /operator/card/move refuses an organisation's card (409 cmc/organisation-card): it shows only company profiles, its admins assign it (issue 33)", async () => {
    const [admin, to] = await quickOwners(t, 2);
    const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
    const [cardId] = await t.mintCards('rainbow', 1);
    expect((await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin)).status).toBe(200);
    const before = await lastAudit();
    expectD4(await t.post('/operator/card/move', { cardId, toEmail: to.email, reason: 'Wrong account' }, operator), 409, 'cmc/organisation-card');
    expect((await t.get('/find/own/cards', to)).body).toEqual([]);
    expect(await t.app.db.selectFrom('card').select(['userId', 'organisationId']).where('id', '=', cardId).executeTakeFirstOrThrow()).toEqual({
      userId: null,
      organisationId,
    });
    expect(await lastAudit()).toEqual(before);
  });

  it('POST /operator/card/move refuses an unknown account (404 naming toEmail) and a bad address (400)', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    const missing = expectD4(await t.post('/operator/card/move', { cardId, toEmail: 'nobody@example.com', reason: 'test move' }, operator), 404);
    expect(missing.field).toBe('toEmail');
    expect(expectD4(await t.post('/operator/card/move', { cardId, toEmail: 'nope', reason: 'test move' }, operator), 400).field).toBe('toEmail');
  });

  it('POST /operator/card/owner shows the owner e-mail only with a reason, and records the view first', async () => {
    const [owner] = await quickOwners(t, 1);
    const card = await registerCard(t, owner);
    expect(expectD4(await t.post('/operator/card/owner', { cardId: card.cardId }, operator), 400).field).toBe('reason');
    const res = await t.post('/operator/card/owner', { cardId: card.cardId, reason: 'Ticket 123: caller says it is theirs' }, operator);
    expect(res.body).toEqual({ cardId: card.cardId, email: owner.email });
    expect(await lastAudit()).toMatchObject({ action: 'view-owner', target: card.cardId, reason: 'Ticket 123: caller says it is theirs' });
  });

  it('every action needs a reason and a known card: 400 naming the field, 404 for an unknown id', async () => {
    for (const action of ['block', 'unblock', 'reset']) {
      expect(expectD4(await t.post(`/operator/card/${action}`, { cardId: 'abc', reason: ' ' }, operator), 400).field).toBe('reason');
      expect(expectD4(await t.post(`/operator/card/${action}`, { reason: 'long enough' }, operator), 400).field).toBe('cardId');
      expectD4(await t.post(`/operator/card/${action}`, { cardId: 'NoSuchCard1', reason: 'long enough' }, operator), 404, 'cmc/card-not-found');
    }
  });
});

describe('POST /operator/card/resend-verification', () => {
  /** An owner who signed up (the sign-up mailed a first link) and never confirmed, with a registered card. */
  async function unconfirmedOwnerWithCard(language: 'de' | 'en' = 'en') {
    const owner = await t.signUp({ verified: false });
    await languageOf(owner, language);
    const card = await registerCard(t, owner);
    return { owner, card };
  }
  const resend = (cardId: string, as: TestUser = operator, reason = 'Ticket 77: the mail never came') =>
    t.post('/operator/card/resend-verification', { cardId, reason }, as);
  const auditCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('operatorAudit')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("mails the owner the app's own verification mail in their language, whose link confirms the address, and records it", async () => {
    const { owner, card } = await unconfirmedOwnerWithCard('de');
    const before = (await mailsTo(owner.email)).length;
    const res = await resend(card.cardId);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.card).toMatchObject({ id: card.cardId, state: 'registered', hasOwner: true });
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(before + 1);
    const [mail] = mails;
    // The very mail of sign-up and of the app's resend button (server/auth/auth.ts), not a second one.
    expect(mail.subject).toBe(verificationMail({ to: owner.email, url: 'x', language: 'de' }).subject);
    expect(mail.text).not.toContain('Ticket 77');
    expect(await lastAudit()).toMatchObject({
      operator: operator.email,
      action: 'resend-verification',
      target: card.cardId,
      reason: 'Ticket 77: the mail never came',
    });

    const link = mail.links.find((l) => l.includes('/api/auth/verify-email?token='));
    expect(link, mail.text).toBeDefined();
    expect(new URL(link!).origin).toBe(new URL(t.config.publicUrl).origin);
    const followed = await t.call({ method: 'GET', url: new URL(link!).pathname + new URL(link!).search });
    expect(followed.status, followed.raw).toBeLessThan(400);
    const user = await t.app.db.selectFrom('user').select('emailVerified').where('id', '=', owner.userId).executeTakeFirstOrThrow();
    expect(Boolean(user.emailVerified)).toBe(true);

    // Confirmed now (the confirmation's own notice may have followed): nothing more to send.
    const audits = await auditCount();
    const sent = (await mailsTo(owner.email)).length;
    expectD4(await resend(card.cardId), 409, 'cmc/email-already-verified');
    expect(await mailsTo(owner.email)).toHaveLength(sent);
    expect(await auditCount()).toBe(audits);
  });

  it('sends at most 3 per owner account and hour, whichever operator asks; other owners are not held back', async () => {
    const { owner, card } = await unconfirmedOwnerWithCard();
    // A second card of the same owner counts against the same account.
    const second = await registerCard(t, owner);
    for (const cardId of [card.cardId, second.cardId, card.cardId]) expect((await resend(cardId)).status).toBe(200);
    const before = (await mailsTo(owner.email)).length;
    const audits = await auditCount();
    const refused = expectD4(await resend(second.cardId), 429, 'cmc/rate-limited');
    expect(refused.message).toMatch(/verification mails/);
    const colleague = await newOperator();
    expectD4(await resend(card.cardId, colleague), 429, 'cmc/rate-limited');
    expect(await mailsTo(owner.email)).toHaveLength(before);
    expect(await auditCount()).toBe(audits);
    const other = await unconfirmedOwnerWithCard();
    expect((await resend(other.card.cardId, colleague)).status).toBe(200);
  });

  it('refuses a card without owner (409), an unknown card (404) and bad input (400 naming the field)', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    expectD4(await resend(cardId), 409, 'cmc/card-without-owner');
    expectD4(await resend('NoSuchCard1'), 404, 'cmc/card-not-found');
    expect(expectD4(await resend(cardId, operator, 'no'), 400, 'cmc/invalid-input').field).toBe('reason');
    expect(expectD4(await t.post('/operator/card/resend-verification', { reason: 'long enough' }, operator), 400).field).toBe('cardId');
    expect(expectD4(await resend('a b', operator), 400).field).toBe('cardId');
    // A reset card has no owner any more.
    const [owner] = await quickOwners(t, 1);
    await t.app.db
      .updateTable('user')
      .set({ emailVerified: t.engine === 'postgres' ? false : 0 })
      .where('id', '=', owner.userId)
      .execute();
    const card = await registerCard(t, owner);
    await t.post('/operator/card/reset', { cardId: card.cardId, reason: 'Bought second-hand' }, operator);
    expectD4(await resend(card.cardId), 409, 'cmc/card-without-owner');
  });
});

describe('batches', () => {
  it('POST /operator/batch/create mints a batch listed by GET /operator/batches, and GET /operator/batch/bundle sends the same files as the command line as one ZIP', async () => {
    const res = await t.post('/operator/batch/create', { edition: 'rainbow', count: 3, label: 'Printer order 42' }, operator);
    expect(res.status, res.raw).toBe(200);
    const { batchId } = res.body;
    expect(await lastAudit()).toMatchObject({ action: 'batch-create', target: batchId, reason: '3 × rainbow: Printer order 42' });
    await t.app.features.operator.bundles.idle();
    const batches = await t.get('/operator/batches', operator);
    expect(batches.body.batches.find((b: { batchId: string }) => b.batchId === batchId)).toMatchObject({
      label: 'Printer order 42',
      count: 3,
      createdBy: operator.email,
      host: null,
      bundle: { state: 'ready', done: 3, total: 3 },
    });
    const zip = await t.app.inject({ method: 'GET', url: `/operator/batch/bundle?batchId=${batchId}`, headers: operator.auth });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['cache-control']).toBe('no-store');
    const files = readZip(zip.rawPayload);
    const cards = (await t.get(`/operator/cards?batch=${batchId}`, operator)).body.cards as { id: string }[];
    expect(files.get('cards.csv')!.toString()).toBe(
      printCsv(
        t.config.publicUrl,
        cards.map((c) => ({ id: c.id, edition: 'rainbow' })),
      ).data,
    );
    // Byte for byte the files of print-bundle.ts, which the command line writes (operator-cli.test.ts).
    for (const { id } of cards) {
      const [svg, png] = await printCardFiles(t.config.publicUrl, id);
      expect(files.get(`${id}.svg`)!.toString()).toBe(svg.data);
      expect(files.get(`${id}.svg`)!.toString()).toContain('<svg');
      expect(Buffer.compare(files.get(`${id}.png`)!, png.data as Buffer)).toBe(0);
      expect(files.get(`${id}.png`)!.subarray(1, 4).toString()).toBe('PNG');
    }
    expect(files.size).toBe(7);
  });

  it('refuses a count over 10,000 or under 1, an unknown edition and an empty label, naming the field', async () => {
    const bad = async (body: object, field: string) => expect(expectD4(await t.post('/operator/batch/create', body, operator), 400).field).toBe(field);
    await bad({ edition: 'rainbow', count: 10_001, label: 'x' }, 'count');
    await bad({ edition: 'rainbow', count: 0, label: 'x' }, 'count');
    await bad({ edition: 'gold', count: 1, label: 'x' }, 'edition');
    await bad({ edition: 'rainbow', count: 1, label: ' ' }, 'label');
  });

  it('answers 404 for an unknown batch and 409 with the progress while the bundle is built', async () => {
    expectD4(await t.get('/operator/batch/bundle?batchId=nope', operator), 404);
    const { body } = await t.post('/operator/batch/create', { edition: 'rainbow', count: 60, label: 'slow one' }, operator);
    const early = await t.get(`/operator/batch/bundle?batchId=${body.batchId}`, operator);
    expectD4(early, 409, 'cmc/bundle-not-ready');
    await t.app.features.operator.bundles.idle();
    expect((await t.call({ method: 'GET', url: `/operator/batch/bundle?batchId=${body.batchId}`, headers: operator.auth })).status).toBe(200);
  }, 60_000);
});

describe('GET /operator/stats and GET /operator/audit', () => {
  it('counts the fleet by state, batch, edition and day, without personal data, as JSON and CSV', async () => {
    const { body: stats, raw } = await t.get('/operator/stats', operator);
    expect(stats.cards.total).toBe(stats.cards.minted + stats.cards.organisation + stats.cards.registered + stats.cards.blocked);
    expect(stats.cards.registered).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.activationsByDay).toContainEqual({ day: today, count: expect.any(Number) });
    expect(stats.activationsByEdition.find((e: { edition: string }) => e.edition === 'rainbow').cards).toBeGreaterThan(0);
    expect(raw).not.toMatch(/@example\.com/);
    const csv = await t.call({ method: 'GET', url: '/operator/stats?format=csv', headers: operator.auth });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.raw.startsWith('\uFEFFtable,key,detail,count,cards\r\n')).toBe(true);
    expect(csv.raw).toContain(`cards,total,,${stats.cards.total},\r\n`);
    expect(csv.raw).toContain(`activationsByDay,${today},,`);
  });

  it('counts as never activated only cards nobody ever registered: a reset, moved-away or deleted-owner card is not counted again', async () => {
    const never = async () => (await t.get('/operator/stats', operator)).body.cards.neverActivated as number;
    const start = await never();
    const [a, b, c] = await t.mintCards('rainbow', 3);
    expect(await never()).toBe(start + 3);
    const [owner, other] = await quickOwners(t, 2);
    // Registered by its owner and reset by them (D7), then by an operator after a second registration.
    expect((await t.post('/card/register', { cardId: a, firebaseUserEmail: owner.email }, owner)).status).toBe(200);
    expect(await never()).toBe(start + 2);
    expect((await t.post('/card/delete', { cardId: a }, owner)).status).toBe(200);
    expect(await never()).toBe(start + 2);
    expect((await t.post('/card/register', { cardId: a, firebaseUserEmail: other.email }, other)).status).toBe(200);
    expect((await t.post('/operator/card/reset', { cardId: a, reason: 'Second-hand sale' }, operator)).status).toBe(200);
    // Moved by an operator without ever being registered: activated all the same.
    expect((await t.post('/operator/card/move', { cardId: b, toEmail: owner.email, reason: 'Handed out at a fair' }, operator)).status).toBe(200);
    expect(await never()).toBe(start + 1);
    const { body: stats } = await t.get('/operator/stats', operator);
    expect(stats.cards.minted).toBeGreaterThanOrEqual(2);
    const csv = await t.call({ method: 'GET', url: '/operator/stats?format=csv', headers: operator.auth });
    expect(csv.raw).toContain(`cards,neverActivated,,${start + 1},\r\n`);
    const rows = await t.app.db.selectFrom('card').select(['id', 'registered', 'firstRegistered']).where('id', 'in', [a, b, c]).orderBy('id').execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[a]).toMatchObject({ registered: null, firstRegistered: expect.any(Number) });
    expect(byId[c]).toMatchObject({ registered: null, firstRegistered: null });
  });

  it('keeps the registration of a card registered before migration 013 when it is reset, and when its account is deleted', async () => {
    const never = async () => (await t.get('/operator/stats', operator)).body.cards.neverActivated as number;
    const [owner] = await quickOwners(t, 1);
    const leaving = await t.signUp();
    const cards = [await registerCard(t, owner), await registerCard(t, leaving)];
    const ids = cards.map((c) => c.cardId);
    // As migration 013 left them: registered, no first registration of their own.
    await t.app.db.updateTable('card').set({ firstRegistered: null }).where('id', 'in', ids).execute();
    const registeredAt = async () =>
      Object.fromEntries(
        (await t.app.db.selectFrom('card').select(['id', 'registered', 'firstRegistered']).where('id', 'in', ids).execute()).map((r) => [
          r.id,
          { registered: r.registered === null ? null : Number(r.registered), firstRegistered: r.firstRegistered === null ? null : Number(r.firstRegistered) },
        ]),
      );
    const before = await registeredAt();
    const start = await never();
    expect((await t.post('/card/delete', { cardId: ids[0] }, owner)).status).toBe(200);
    // The second card's account goes: its cards go back to unregistered (issue 13).
    expect((await t.post('/account/delete', { password: leaving.password }, leaving)).status).toBe(200);
    const after = await registeredAt();
    for (const id of ids) expect(after[id]).toEqual({ registered: null, firstRegistered: before[id].registered });
    expect(await never()).toBe(start);
  });

  it('counts the scans of all cards by day and source (bots are none), and each card shows its own scans in the inventory', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const scansToday = async () => {
      await t.app.features.stats.views.flush();
      const { body } = await t.get('/operator/stats', operator);
      const of = (source: string) => body.scansByDay.find((s: { day: string; source: string }) => s.day === day && s.source === source)?.count ?? 0;
      return { nfc: of('nfc'), qr: of('qr') };
    };
    const before = await scansToday();
    const [a, b] = await quickOwners(t, 2);
    const first = await registerCard(t, a);
    const second = await registerCard(t, b);
    const scan = (cardId: string, src: string, ua = BROWSER_UA) =>
      t.app.inject({ method: 'GET', url: `/card/${cardId}?src=${src}`, headers: { 'user-agent': ua } });
    for (const src of ['nfc', 'nfc', 'qr']) expect((await scan(first.cardId, src)).statusCode).toBe(302);
    expect((await scan(second.cardId, 'nfc')).statusCode).toBe(302);
    expect((await scan(second.cardId, 'qr', BOT_UA)).statusCode).toBe(302);
    const after = await scansToday();
    expect(after).toEqual({ nfc: before.nfc + 3, qr: before.qr + 1 });
    const csv = await t.call({ method: 'GET', url: '/operator/stats?format=csv', headers: operator.auth });
    expect(csv.raw).toContain(`scansByDay,${day},nfc,${after.nfc},\r\n`);
    expect(csv.raw).toContain(`scansByDay,${day},qr,${after.qr},\r\n`);
    expect(csv.raw).not.toMatch(/@example\.com/);
    const scansOf = async (cardId: string) =>
      (await t.get(`/operator/cards?q=${cardId}`, operator)).body.cards.find((c: { id: string }) => c.id === cardId).scans;
    expect(await scansOf(first.cardId)).toBe(3);
    expect(await scansOf(second.cardId)).toBe(1);
  });

  it('counts activations per batch with its label and number of cards, as JSON and CSV', async () => {
    const { body } = await t.post('/operator/batch/create', { edition: 'rainbow', count: 3, label: 'Fair, spring' }, operator);
    await t.app.features.operator.bundles.idle();
    const [cardId] = (await t.get(`/operator/cards?batch=${body.batchId}`, operator)).body.cards.map((c: { id: string }) => c.id);
    const [owner] = await quickOwners(t, 1);
    expect((await t.post('/card/register', { cardId, firebaseUserEmail: owner.email }, owner)).status).toBe(200);
    const { body: stats } = await t.get('/operator/stats', operator);
    expect(stats.activationsByBatch).toContainEqual({ batchId: body.batchId, label: 'Fair, spring', cards: 3, count: 1 });
    const rainbow = stats.activationsByEdition.find((e: { edition: string }) => e.edition === 'rainbow');
    const csv = await t.call({ method: 'GET', url: '/operator/stats?format=csv', headers: operator.auth });
    expect(csv.raw).toContain(`activationsByBatch,${body.batchId},"Fair, spring",1,3\r\n`);
    expect(csv.raw).toContain(`activationsByEdition,rainbow,,${rainbow.count},${rainbow.cards}\r\n`);
  });

  it('GET /operator/audit pages newest first by cursor, every entry once, and the CSV has them all', async () => {
    // 130 entries older than any other (1970), so they are the last pages' end, in this order.
    const operators = createOperatorRepository(t.app.db);
    const old: string[] = [];
    for (let i = 0; i < 130; i++)
      old.push((await operators.record({ operator: operator.email, action: 'block', target: `Old${i}`, reason: `paging ${i}` }, 1_000_000 + i)).id);
    const seen: { id: string; at: number; target: string }[] = [];
    let cursor: string | null = null;
    do {
      const page = await t.get(`/operator/audit${cursor ? `?cursor=${cursor}` : ''}`, operator);
      expect(page.status, page.raw).toBe(200);
      expect(page.body.entries.length).toBeLessThanOrEqual(100);
      seen.push(...page.body.entries);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThan(100);
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1].at).toBeGreaterThanOrEqual(seen[i].at);
    expect(seen.slice(-130).map((e) => e.id)).toEqual([...old].reverse());
    const csv = await t.call({ method: 'GET', url: '/operator/audit?format=csv', headers: operator.auth });
    const lines = csv.raw.trim().split('\r\n');
    expect(lines).toHaveLength(seen.length + 1);
    expect(lines.at(-1)).toBe(`1970-01-01T00:16:40.000Z,${operator.email},block,Old0,paging 0`);
  });

  it('exports the audit log as CSV, and the database refuses to change or delete an entry', async () => {
    const csv = await t.call({ method: 'GET', url: '/operator/audit?format=csv', headers: operator.auth });
    expect(csv.status).toBe(200);
    expect(csv.raw.startsWith('\uFEFFat,operator,action,target,reason\r\n')).toBe(true);
    expect(csv.raw).toContain(`${operator.email},block,`);
    const { id } = await lastAudit();
    await expect(t.app.db.updateTable('operatorAudit').set({ reason: 'changed' }).where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('operatorAudit').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    expect((await lastAudit()).id).toBe(id);
  });
});

// Last in the file: its print bundle is stopped by closing this instance's bundle builder.
describe('the largest batch', () => {
  it('mints 10,000 cards in one batch and answers at once while its bundle builds; a shutdown stops the build at the next card (pending), and a download asked of another instance builds it there', async () => {
    const res = await t.post('/operator/batch/create', { edition: 'kingOfTheMoment', count: 10_000, label: 'Printer order 10k' }, operator);
    expect(res.status, res.raw).toBe(200);
    // The build runs beside the requests: this instance still answers a card page meanwhile.
    const [owner] = await quickOwners(t, 1);
    const card = await registerCard(t, owner);
    expect((await cardPage(card.cardId, 'en')).status).toBe(302);
    const { batchId } = res.body;
    const batchRow = async () => t.app.db.selectFrom('cardBatch').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    const inBatch = await t.app.db
      .selectFrom('card')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('batchId', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(Number(inBatch.n)).toBe(10_000);
    const { body: stats } = await t.get('/operator/stats', operator);
    expect(stats.activationsByBatch).toContainEqual({ batchId, label: 'Printer order 10k', cards: 10_000, count: 0 });
    const first = await t.get(`/operator/cards?batch=${batchId}`, operator);
    expect(first.body.cards).toHaveLength(50);
    expect(first.body.nextCursor).toBe(first.body.cards[49].id);

    // Building on this instance: the console reads its progress from the batch row.
    expect(t.app.features.operator.bundles.isRunning(batchId)).toBe(true);
    const listed = (await t.get('/operator/batches', operator)).body.batches.find((b: { batchId: string }) => b.batchId === batchId);
    expect(listed.bundle).toMatchObject({ state: 'building', total: 10_000 });
    expect(listed.bundle.done).toBeLessThan(10_000);
    expect(expectD4(await t.get(`/operator/batch/bundle?batchId=${batchId}`, operator), 409, 'cmc/bundle-not-ready').message).toMatch(/of 10000 cards/);

    // This instance shuts down: the build stops at its next card and the batch waits, no half ZIP.
    await t.app.features.operator.bundles.close();
    expect(await batchRow()).toMatchObject({ bundleState: 'pending', bundleKey: null });

    // The next download request, wherever it lands, starts the build again there.
    const other = await t.secondInstance();
    try {
      expectD4(await other.get(`/operator/batch/bundle?batchId=${batchId}`, operator), 409, 'cmc/bundle-not-ready');
      expect(other.app.features.operator.bundles.isRunning(batchId)).toBe(true);
    } finally {
      await other.close();
    }
    expect((await batchRow()).bundleState).toBe('pending');
  }, 120_000);
});
