import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createProfile, expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Issue 24: cards for a team. An admin registers an order of cards to the organisation (all or
 * nothing), lists them, assigns and takes them back, one at a time or by CSV. Another
 * organisation's admin gets 404 for every id, a member 403, a bad body 400 naming the field.
 */

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // Webhooks to the loopback receiver: a member hears of the cards given to and taken from them.
  t = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const VALUES = { companyName: 'Acme GmbH', companyWebsiteUrl: 'https://acme.example', businessPhoneNumber: '+49 221 1234' };

/** An admin, two members with a company profile each (made from the template), and a member without one. */
async function team() {
  const [admin, mia, ben, newbie] = await quickOwners(t, 4);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
  for (const who of [mia, ben, newbie]) await joinOrganisation(t, organisationId, admin, who);
  const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: VALUES, locked: ['companyName'] }, admin)).body
    .templateId as string;
  const company = async (who: TestUser, firstName: string) =>
    (await t.post('/profile/create', { templateId, firstName, lastName: 'Muster' }, who)).body.id as string;
  return { organisationId, admin, mia, ben, newbie, templateId, miaProfile: await company(mia, 'Mia'), benProfile: await company(ben, 'Ben') };
}
const listCards = async (organisationId: string, who: TestUser) =>
  (await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, who)).body.cards;

describe('POST /organisation/cards/register and GET /find/own/organisation/cards', () => {
  it('registers an order of minted cards to the organisation and lists them unassigned with their edition', async () => {
    const { organisationId, admin } = await team();
    const ids = await t.mintCards('rainbow', 3);
    const registered = await t.post('/organisation/cards/register', { organisationId, cardIds: ids }, admin);
    expect(registered.status, registered.raw).toBe(200);
    expect(registered.body).toEqual({ registered: 3 });
    const cards = await listCards(organisationId, admin);
    expect(cards).toEqual([...ids].sort().map((cardId) => ({ cardId, edition: 'rainbow', blocked: false, member: null, profileId: null })));
  });

  it('registers all or nothing: one taken card and none is registered (409 naming cardIds)', async () => {
    const { organisationId, admin, mia } = await team();
    const [free, taken] = await t.mintCards('rainbow', 2);
    expect((await t.post('/card/register', { cardId: taken }, mia)).status).toBe(200);
    const refused = expectD4(
      await t.post('/organisation/cards/register', { organisationId, cardIds: [free, taken, 'neverMinted'] }, admin),
      409,
      'cmc/card-not-available',
    );
    expect(refused.field).toBe('cardIds');
    expect(await listCards(organisationId, admin)).toEqual([]);
  });

  it('names every refused id with its reason (issue 35): never minted, a person’s, blocked, another organisation’s, already ours', async () => {
    const { organisationId, admin, mia } = await team();
    const other = await team();
    const [free, persons, blocked, others, ours] = await t.mintCards('rainbow', 5);
    expect((await t.post('/card/register', { cardId: persons }, mia)).status).toBe(200);
    await t.app.features.cards.cards.setBlocked(blocked, true);
    expect((await t.post('/organisation/cards/register', { organisationId: other.organisationId, cardIds: [others] }, other.admin)).status).toBe(200);
    expect((await t.post('/organisation/cards/register', { organisationId, cardIds: [ours] }, admin)).status).toBe(200);
    const res = await t.post('/organisation/cards/register', { organisationId, cardIds: [free, 'mistyped1', persons, blocked, others, ours] }, admin);
    const refused = expectD4(res, 409, 'cmc/card-not-available');
    expect(refused.field).toBe('cardIds');
    expect(res.body.cards).toEqual([
      { cardId: 'mistyped1', reason: 'not-found' },
      { cardId: persons, reason: 'registered' },
      { cardId: blocked, reason: 'blocked' },
      { cardId: others, reason: 'organisation' },
      { cardId: ours, reason: 'ours' },
    ]);
    expect(refused.message).toContain('mistyped1: not-found');
    // All or nothing: the free card was not registered either.
    expect((await listCards(organisationId, admin)).map((c: { cardId: string }) => c.cardId)).toEqual([ours]);
  });

  it('keeps an organisation’s card from an owner’s registration and from another organisation', async () => {
    const { organisationId, admin, mia } = await team();
    const other = await team();
    const [cardId] = await t.mintCards('rainbow', 1);
    await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
    expectD4(await t.post('/card/register', { cardId }, mia), 409, 'cmc/card-already-registered');
    expectD4(
      await t.post('/organisation/cards/register', { organisationId: other.organisationId, cardIds: [cardId] }, other.admin),
      409,
      'cmc/card-not-available',
    );
  });

  it('answers 403 to a member, 404 to another organisation’s admin, 400 naming the field of a bad body', async () => {
    const { organisationId, admin, mia } = await team();
    const other = await team();
    const ids = await t.mintCards('rainbow', 1);
    expectD4(await t.post('/organisation/cards/register', { organisationId, cardIds: ids }, mia), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/cards/register', { organisationId, cardIds: ids }, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, mia), 403, 'cmc/forbidden');
    expectD4(await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, other.admin), 404, 'cmc/organisation-not-found');
    expect(expectD4(await t.post('/organisation/cards/register', { organisationId, cardIds: [] }, admin), 400).field).toBe('cardIds');
    expect(expectD4(await t.post('/organisation/cards/register', { organisationId, cardIds: [ids[0], ids[0]] }, admin), 400).field).toBe('cardIds');
    const tooMany = Array.from({ length: 1001 }, (_, i) => `card${i}`);
    expect(expectD4(await t.post('/organisation/cards/register', { organisationId, cardIds: tooMany }, admin), 400).field).toBe('cardIds');
    expect(expectD4(await t.post('/organisation/cards/register', { cardIds: ids }, admin), 400).field).toBe('organisationId');
    expect(await listCards(organisationId, admin)).toEqual([]);
  });
});

describe('POST /organisation/card/assign and POST /organisation/card/unassign', () => {
  it('assigns a card to a member’s company profile, reassigns it, takes it back, each in the audit log', async () => {
    const { organisationId, admin, mia, ben, miaProfile, benProfile } = await team();
    const [cardId] = await t.mintCards('rainbow', 1);
    await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
    const assigned = await t.post('/organisation/card/assign', { organisationId, cardId, userId: mia.userId }, admin);
    expect(assigned.status, assigned.raw).toBe(200);
    expect(assigned.body.member).toMatchObject({ userId: mia.userId, email: mia.email });
    expect((await t.get(`/card/${cardId}`)).headers.location).toContain(`/p/${miaProfile}`);
    expect((await t.get('/find/own/cards', mia)).body.map((c: { cardId: string }) => c.cardId)).toEqual([cardId]);

    await t.post('/organisation/card/assign', { organisationId, cardId, userId: ben.userId }, admin);
    expect((await t.get(`/card/${cardId}`)).headers.location).toContain(`/p/${benProfile}`);
    expect((await t.get('/find/own/cards', mia)).body).toEqual([]);

    const back = await t.post('/organisation/card/unassign', { organisationId, cardId }, admin);
    expect(back.status, back.raw).toBe(200);
    expect(back.body.member).toBeNull();
    expect((await t.get(`/card/${cardId}`)).status).toBe(200);
    expect((await t.get('/find/own/cards', ben)).body).toEqual([]);
    const actions = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries.map(
      (e: { action: string; target: string }) => `${e.action} ${e.target}`,
    );
    expect(actions.slice(0, 3)).toEqual([`card.unassign ${cardId}`, `card.assign ${cardId}`, `card.assign ${cardId}`]);
  });

  it('asks for a company profile: a member without one is 409 naming userId, a private profile is never taken', async () => {
    const { organisationId, admin, newbie } = await team();
    await createProfile(t, newbie);
    const [cardId] = await t.mintCards('rainbow', 1);
    await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
    expect(
      expectD4(await t.post('/organisation/card/assign', { organisationId, cardId, userId: newbie.userId }, admin), 409, 'cmc/no-company-profile').field,
    ).toBe('userId');
    expect((await listCards(organisationId, admin))[0].member).toBeNull();
  });

  it('answers 404 for another organisation’s card or member, 403 to a member, 400 naming the field', async () => {
    const { organisationId, admin, mia } = await team();
    const other = await team();
    const [cardId, foreignCard] = await t.mintCards('rainbow', 2);
    await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
    await t.post('/organisation/cards/register', { organisationId: other.organisationId, cardIds: [foreignCard] }, other.admin);
    expectD4(await t.post('/organisation/card/assign', { organisationId, cardId: foreignCard, userId: mia.userId }, admin), 404, 'cmc/card-not-found');
    expectD4(await t.post('/organisation/card/assign', { organisationId, cardId, userId: other.mia.userId }, admin), 404, 'cmc/member-not-found');
    expectD4(await t.post('/organisation/card/assign', { organisationId, cardId, userId: mia.userId }, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await t.post('/organisation/card/assign', { organisationId, cardId, userId: mia.userId }, mia), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/card/unassign', { organisationId, cardId: foreignCard }, admin), 404, 'cmc/card-not-found');
    expectD4(await t.post('/organisation/card/unassign', { organisationId, cardId }, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await t.post('/organisation/card/unassign', { organisationId, cardId }, mia), 403, 'cmc/forbidden');
    expect(expectD4(await t.post('/organisation/card/assign', { organisationId, cardId }, admin), 400).field).toBe('userId');
    expect(expectD4(await t.post('/organisation/card/unassign', { organisationId, cardId: 'bad id!' }, admin), 400).field).toBe('cardId');
  });
});

describe('POST /organisation/cards/assign-csv', () => {
  it('assigns every line of a CSV of card id and e-mail, with a report per line', async () => {
    const { organisationId, admin, mia, ben } = await team();
    const ids = await t.mintCards('rainbow', 2);
    await t.post('/organisation/cards/register', { organisationId, cardIds: ids }, admin);
    const csv = `cardId,email\n${ids[0]},${mia.email.toUpperCase()}\n${ids[1]};${ben.email}\n`;
    const done = await t.post('/organisation/cards/assign-csv', { organisationId, csv }, admin);
    expect(done.status, done.raw).toBe(200);
    expect(done.body).toEqual({
      assigned: 2,
      lines: [
        { line: 2, cardId: ids[0], email: mia.email, ok: true },
        { line: 3, cardId: ids[1], email: ben.email, ok: true },
      ],
    });
    const byCard = Object.fromEntries(
      (await listCards(organisationId, admin)).map((c: { cardId: string; member: { email: string } }) => [c.cardId, c.member.email]),
    );
    expect(byCard).toEqual({ [ids[0]]: mia.email, [ids[1]]: ben.email });
  });

  it('assigns nothing when one line is refused, and says which and why', async () => {
    const { organisationId, admin, mia, newbie } = await team();
    const other = await team();
    const ids = await t.mintCards('rainbow', 3);
    await t.post('/organisation/cards/register', { organisationId, cardIds: ids }, admin);
    const csv = [
      `${ids[0]},${mia.email}`,
      `${ids[1]},${newbie.email}`,
      `${ids[0]},${mia.email}`,
      `unknownCard,${mia.email}`,
      `${ids[2]},${other.mia.email}`,
      'garbage',
    ].join('\n');
    const refused = await t.post('/organisation/cards/assign-csv', { organisationId, csv }, admin);
    expect(refused.status, refused.raw).toBe(200);
    expect(refused.body.assigned).toBe(0);
    expect(refused.body.lines.map((l: { error?: string }) => l.error ?? 'ok')).toEqual([
      'ok',
      'no-company-profile',
      'duplicate-card',
      'card-not-found',
      'member-not-found',
      'format',
    ]);
    expect((await listCards(organisationId, admin)).every((c: { member: unknown }) => c.member === null)).toBe(true);
  });

  it('answers 400 naming csv for an empty one, 403 to a member, 404 to another organisation', async () => {
    const { organisationId, admin, mia } = await team();
    const other = await team();
    expect(expectD4(await t.post('/organisation/cards/assign-csv', { organisationId, csv: '' }, admin), 400).field).toBe('csv');
    expect(expectD4(await t.post('/organisation/cards/assign-csv', { organisationId, csv: 'cardId,email\n' }, admin), 400).field).toBe('csv');
    expectD4(await t.post('/organisation/cards/assign-csv', { organisationId, csv: 'a,b@c.d' }, mia), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/cards/assign-csv', { organisationId, csv: 'a,b@c.d' }, other.admin), 404, 'cmc/organisation-not-found');
  });
});

describe('bulk card calls of one organisation', () => {
  it('are limited to 30 an hour (429 with Retry-After), registration and CSV together; another organisation is not held back', async () => {
    const { organisationId, admin } = await team();
    const other = await team();
    for (let i = 0; i < 15; i++) {
      expect((await t.post('/organisation/cards/register', { organisationId, cardIds: ['neverMinted'] }, admin)).status).toBe(409);
      expect((await t.post('/organisation/cards/assign-csv', { organisationId, csv: 'neverMinted,a@b.example' }, admin)).status).toBe(200);
    }
    const held = await t.post('/organisation/cards/register', { organisationId, cardIds: ['neverMinted'] }, admin);
    expectD4(held, 429, 'cmc/rate-limited');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.post('/organisation/cards/register', { organisationId: other.organisationId, cardIds: ['neverMinted'] }, other.admin)).status).toBe(409);
  });
});

describe('an organisation’s card and the member’s webhooks (issue 25)', () => {
  it('announces card.assigned to the member it is given to and card.reset to the one it leaves', async () => {
    const { organisationId, admin, mia, ben, miaProfile } = await team();
    const path = `/hook/${Math.random().toString(36).slice(2)}`;
    const created = await t.post('/webhook/create', { url: `http://127.0.0.1:${receiver.port}${path}`, events: ['card.assigned', 'card.reset'] }, mia);
    expect(created.status, created.raw).toBe(200);
    const payload = (type: string) => async () => {
      const r = await receiver.waitFor((w: ReceivedWebhook) => w.path === path && (JSON.parse(w.body) as { type: string }).type === type);
      return (new Webhook(created.body.secret as string).verify(r.body, r.headers) as { data: unknown }).data;
    };
    const [cardId] = await t.mintCards('rainbow', 1);
    await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
    expect((await t.post('/organisation/card/assign', { organisationId, cardId, userId: mia.userId }, admin)).status).toBe(200);
    expect(await payload('card.assigned')()).toEqual({ id: cardId, profileId: miaProfile });
    expect((await t.post('/organisation/card/assign', { organisationId, cardId, userId: ben.userId }, admin)).status).toBe(200);
    expect(await payload('card.reset')()).toEqual({ id: cardId });
  });
});
