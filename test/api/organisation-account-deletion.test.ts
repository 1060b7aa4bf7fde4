import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTables } from '../../server/db/schema-info.ts';
import { createOrganisationCardRepository } from '../../server/features/organisations/organisation-card.repository.ts';
import { createOrganisationAccountDeletion } from '../../server/features/organisations/account-deletion.ts';
import { createAccountDeletionRepository } from '../../server/features/organisations/account-deletion.repository.ts';
import { createWebhookRepository } from '../../server/features/integrations/webhook.repository.ts';
import { createWebhookSecretBox } from '../../server/features/integrations/webhook-signing.ts';
import type { ProfileChange } from '../../server/features/profiles/index.ts';
import { expectD4, multipartBody, pngImage, quickOwners, registerCard } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Issue 24 with issue 13: POST /account/delete of an organisation's member (docs/teams.md
 * "Account deletion"). The last owner of an organisation with other members is refused until
 * they hand it over; the only member takes the organisation and every row of it along; anyone
 * else leaves it: `member.left` in the audit log, `member.removed` to its webhooks, its cards
 * back to it unassigned.
 */

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** An organisation whose owner signed up with a password, with a template. */
async function organisation() {
  const owner = await t.signUp();
  const created = await t.post('/organisation/create', { name: 'Acme' }, owner);
  expect(created.status, created.raw).toBe(200);
  const organisationId = created.body.organisationId as string;
  const saved = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, locked: [] }, owner);
  expect(saved.status, saved.raw).toBe(200);
  return { organisationId, owner, templateId: saved.body.templateId as string };
}

/** A company profile made from the template and an organisation card assigned to it. */
async function companyCard(organisationId: string, admin: TestUser, who: TestUser, templateId: string) {
  const profile = await t.post('/profile/create', { templateId, firstName: 'Mia', lastName: 'Muster' }, who);
  expect(profile.status, profile.raw).toBe(200);
  const [cardId] = await t.mintCards('rainbow', 1);
  expect((await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin)).status).toBe(200);
  const assigned = await t.post('/organisation/card/assign', { organisationId, cardId, userId: who.userId }, admin);
  expect(assigned.status, assigned.raw).toBe(200);
  return { cardId, profileId: profile.body.id as string };
}

async function createEndpoint(user: TestUser, organisationId: string, events: string[]) {
  const path = `/hook/${Math.random().toString(36).slice(2)}`;
  const res = await t.post('/webhook/create', { url: `http://127.0.0.1:${receiver.port}${path}`, organisationId, events }, user);
  expect(res.status, res.raw).toBe(200);
  return { id: res.body.webhookId as string, secret: res.body.secret as string, path };
}
const typeOf = (r: ReceivedWebhook) => (JSON.parse(r.body) as { type: string }).type;

/** Every `table.column` whose value contains `value`, in every table of the schema. */
async function columnsNaming(value: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await listTables(t.app.db)) {
    for (const column of table.columns) {
      const { rows } = await sql<{
        n: number | string;
      }>`select count(*) as n from ${sql.table(table.name)} where cast(${sql.ref(column)} as text) like ${`%${value}%`}`.execute(t.app.db);
      if (Number(rows[0].n) > 0) found.push(`${table.name}.${column}`);
    }
  }
  return found;
}
const auditOf = async (organisationId: string, admin: TestUser) =>
  (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries.map(
    (e: { action: string; target: string; detail: string; actorEmail: string }) => `${e.action} ${e.target} ${e.detail} by ${e.actorEmail}`,
  ) as string[];
const cardRow = (id: string) => t.app.db.selectFrom('card').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /account/delete by the last owner of an organisation with other members', () => {
  it('is refused with 409 cmc/last-owner before the password is checked, and deletes nothing', async () => {
    const { organisationId, owner, templateId } = await organisation();
    const [member] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, member);
    const { cardId, profileId } = await companyCard(organisationId, owner, owner, templateId);
    const endpoint = await createEndpoint(owner, organisationId, ['member.removed']);

    // More refusals than the deletion's ten password guesses: none of them counted one.
    for (let i = 0; i < 11; i++) {
      const refused = expectD4(await t.post('/account/delete', { password: i % 2 ? owner.password : `guess ${i}` }, owner), 409, 'cmc/last-owner');
      expect(refused.message).toMatch(/make another member owner first, or remove the members/);
    }
    // Nothing is gone: the account and its session, the membership, the card and its profile, no event.
    expect((await t.get('/find/own/organisation', owner)).body).toMatchObject({ organisationId, role: 'owner', memberCount: 2 });
    expect((await t.get(`/card/${cardId}`)).headers.location).toContain(`/p/${profileId}`);
    expect(await t.app.db.selectFrom('user').select('id').where('id', '=', owner.userId).execute()).toHaveLength(1);
    expect(await t.app.db.selectFrom('webhookDelivery').select('id').where('endpointId', '=', endpoint.id).execute()).toEqual([]);
    // Once the members are removed, the password deletes the account (no 429) and the organisation with it.
    expect((await t.post('/organisation/member/remove', { organisationId, userId: member.userId }, owner)).status).toBe(200);
    // The organisation's logo, a file in storage.
    const logo = await multipartBody({ organisationId }, { field: 'logo', data: await pngImage(), filename: 'logo.png', contentType: 'image/png' });
    const uploaded = await t.call({ method: 'POST', url: '/organisation/logo', payload: logo.payload, headers: { ...logo.headers, ...owner.auth } });
    expect(uploaded.status, uploaded.raw).toBe(200);
    const { logoKey } = await t.app.db.selectFrom('organisation').select('logoKey').where('id', '=', organisationId).executeTakeFirstOrThrow();
    expect(await t.app.storage.get(logoKey!)).not.toBeNull();

    const deleted = await t.post('/account/delete', { password: owner.password }, owner);
    expect(deleted.status, deleted.raw).toBe(200);
    expect(await t.app.storage.get(logoKey!)).toBeNull();
    expect(await columnsNaming(organisationId)).toEqual([]);
  });

  it('lets only one of two owners go when both delete their accounts at once (the organisation is locked)', async () => {
    const { organisationId, owner } = await organisation();
    const second = await t.signUp();
    const [member] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, second, 'admin');
    await joinOrganisation(t, organisationId, owner, member);
    expect((await t.post('/organisation/member/role', { organisationId, userId: second.userId, role: 'owner' }, owner)).status).toBe(200);
    const answers = await Promise.all([owner, second].map((who) => t.post('/account/delete', { password: who.password }, who)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const kept = answers[0].status === 409 ? owner : second;
    expect((await t.get('/find/own/organisation', kept)).body).toMatchObject({ role: 'owner', memberCount: 2 });
  });

  it('is refused inside the deletion’s transaction too, where the organisation is locked (the check before the password can be outrun)', async () => {
    const { organisationId, owner } = await organisation();
    const [member] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, member);
    const hooks = createOrganisationAccountDeletion({
      rows: createAccountDeletionRepository(t.app.db),
      cards: createOrganisationCardRepository(t.app.db),
      endpoints: createWebhookRepository(t.app.db, t.engine, createWebhookSecretBox('s'.repeat(32)), async () => undefined),
    });
    const inside = t.app.db.transaction().execute((trx) => hooks.beforeAccountDeletion(trx as unknown as ProfileChange, owner.userId));
    await expect(inside).rejects.toMatchObject({ status: 409, code: 'cmc/last-owner' });
    expect((await t.get('/find/own/organisation', owner)).body).toMatchObject({ role: 'owner', memberCount: 2 });
    // A member's part, by contrast, goes through (here rolled back with its transaction).
    const rolledBack = t.app.db.transaction().execute(async (trx) => {
      await hooks.beforeAccountDeletion(trx as unknown as ProfileChange, member.userId);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect((await t.get('/find/own/organisation', member)).body).toMatchObject({ role: 'member', memberCount: 2 });
  });

  it('is allowed after the hand-over: the new owner keeps the organisation, the old one leaves it', async () => {
    const { organisationId, owner } = await organisation();
    const [heir] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, heir, 'admin');
    expectD4(await t.post('/account/delete', { password: owner.password }, owner), 409, 'cmc/last-owner');
    expect((await t.post('/organisation/member/role', { organisationId, userId: heir.userId, role: 'owner' }, owner)).status).toBe(200);
    const deleted = await t.post('/account/delete', { password: owner.password }, owner);
    expect(deleted.status, deleted.raw).toBe(200);
    expect((await t.get('/find/own/organisation', heir)).body).toMatchObject({ organisationId, role: 'owner', memberCount: 1 });
    expect((await auditOf(organisationId, heir))[0]).toBe(`member.left ${owner.email} account deleted by ${owner.email}`);
  });

  it('lets one of two owners go without a hand-over', async () => {
    const { organisationId, owner } = await organisation();
    const [second] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, second, 'admin');
    expect((await t.post('/organisation/member/role', { organisationId, userId: second.userId, role: 'owner' }, owner)).status).toBe(200);
    expect((await t.post('/account/delete', {}, second)).status).toBe(200);
    expect((await t.get('/find/own/organisation', owner)).body).toMatchObject({ role: 'owner', memberCount: 1 });
  });
});

describe('POST /account/delete by the only member of an organisation', () => {
  it('deletes the organisation with every row naming it and its logo file, and its cards become plain unregistered cards', async () => {
    const { organisationId, owner, templateId } = await organisation();
    const [leaver, stranger] = await quickOwners(t, 2);
    // A former member whose company profile keeps showing on an unassigned card (offboarding).
    await joinOrganisation(t, organisationId, owner, leaver);
    const former = await companyCard(organisationId, owner, leaver, templateId);
    expect((await t.post('/organisation/member/remove', { organisationId, userId: leaver.userId }, owner)).status).toBe(200);
    const own = await companyCard(organisationId, owner, owner, templateId);
    const [spare] = await t.mintCards('rainbow', 1);
    expect((await t.post('/organisation/cards/register', { organisationId, cardIds: [spare] }, owner)).status).toBe(200);
    // A pending invitation, an organisation webhook with a delivery, rate counters of the organisation.
    expect((await t.post('/organisation/invite', { organisationId, emails: ['later@example.net'] }, owner)).status).toBe(200);
    const endpoint = await createEndpoint(owner, organisationId, ['member.added', 'member.removed']);
    expect((await t.post('/webhook/test', { webhookId: endpoint.id }, owner)).status).toBe(200);
    await receiver.waitFor((r) => r.path === endpoint.path && typeOf(r) === 'webhook.test');
    const before = await columnsNaming(organisationId);
    for (const where of ['organisation.id', 'organisationMember.organisationId', 'organisationAudit.organisationId', 'organisationInvitation.organisationId'])
      expect(before).toContain(where);
    for (const where of ['organisationTemplate.organisationId', 'templatedProfile.organisationId', 'webhookEndpoint.organisationId', 'card.organisationId'])
      expect(before).toContain(where);
    // Rate counters live in Redis when it is configured, else in the database.
    const redis = t.app.redis;
    const redisKeys = async () => (redis ? (await redis.client.keys(`${redis.keyPrefix}*`)).filter((k) => k.includes(organisationId)) : []);
    expect([...before, ...(await redisKeys())].some((where) => /rate/i.test(where))).toBe(true);

    const deleted = await t.post('/account/delete', { password: owner.password }, owner);
    expect(deleted.status, deleted.raw).toBe(200);
    expect(await columnsNaming(organisationId)).toEqual([]);
    expect(await redisKeys()).toEqual([]);
    expect(await t.app.db.selectFrom('webhookDelivery').select('id').where('endpointId', '=', endpoint.id).execute()).toEqual([]);
    for (const cardId of [former.cardId, own.cardId, spare])
      expect(await cardRow(cardId)).toMatchObject({ organisationId: null, userId: null, profileId: null, registered: null });
    // The cards were registered once: that stays their first registration (migration 013).
    expect((await cardRow(own.cardId)).firstRegistered).not.toBeNull();
    expect((await t.get(`/card/${former.cardId}`)).status).toBe(200);
    const claimed = await t.post('/card/register', { cardId: own.cardId, firebaseUserEmail: stranger.email }, stranger);
    expect(claimed.status, claimed.raw).toBe(200);
    // The former member's profile is theirs, untouched but for its link to the template.
    expect((await t.app.db.selectFrom('profile').select('leftCompany').where('id', '=', former.profileId).executeTakeFirstOrThrow()).leftCompany).toContain(
      'Acme GmbH',
    );
  });
});

describe('POST /account/delete by a member of an organisation', () => {
  it('leaves it: member.removed to its webhooks, member.left in the audit log, its card back unassigned', async () => {
    const { organisationId, owner, templateId } = await organisation();
    const member = await t.signUp();
    await joinOrganisation(t, organisationId, owner, member);
    const { cardId, profileId } = await companyCard(organisationId, owner, member, templateId);
    const endpoint = await createEndpoint(owner, organisationId, ['member.removed', 'card.reset', 'profile.updated']);
    const privateCard = await registerCard(t, member);

    const deleted = await t.post('/account/delete', { password: member.password }, member);
    expect(deleted.status, deleted.raw).toBe(200);

    const removed = await receiver.waitFor((r) => r.path === endpoint.path && typeOf(r) === 'member.removed');
    expect((new Webhook(endpoint.secret).verify(removed.body, removed.headers) as { data: unknown }).data).toEqual({
      organisationId,
      userId: member.userId,
      email: member.email,
      role: 'member',
    });
    const audit = await auditOf(organisationId, owner);
    expect(audit.slice(0, 2).sort()).toEqual(
      [`member.left ${member.email} account deleted by ${member.email}`, `card.unassign ${cardId} ${member.email} by ${member.email}`].sort(),
    );
    // The card is still the organisation's, assigned to nobody and showing no profile until an admin assigns it.
    const cards = (await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, owner)).body.cards;
    expect(cards).toEqual([expect.objectContaining({ cardId, member: null })]);
    expect(await cardRow(cardId)).toMatchObject({ organisationId, userId: null, profileId: null, registered: null });
    const scan = await t.get(`/card/${cardId}`);
    expect(scan.status).toBe(200);
    expect(scan.headers.location).toBeUndefined();
    expectD4(await t.post('/card/register', { cardId, firebaseUserEmail: owner.email }, owner), 409, 'cmc/card-already-registered');
    // The account's profiles went with it (its private card is a plain unregistered card again).
    expectD4(await t.post('/profile/show', { profileId }), 404, 'cmc/profile-not-found');
    expect(await cardRow(privateCard.cardId)).toMatchObject({ organisationId: null, userId: null, profileId: null });
    expect((await t.get('/find/own/organisation', owner)).body).toMatchObject({ memberCount: 1 });
    // What still names the account is the organisation's record of its member: the delivery of member.removed.
    expect(await columnsNaming(member.userId)).toEqual(['webhookDelivery.payload']);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received.filter((r) => r.path === endpoint.path).map(typeOf)).toEqual(['member.removed']);
  });
});

describe('POST /account/delete by an admin who made the organisation’s webhook endpoint', () => {
  it('hands the endpoint to the owner: it stays listed, keeps its secret and hears the admin leave', async () => {
    const { organisationId, owner } = await organisation();
    const admin = await t.signUp();
    await joinOrganisation(t, organisationId, owner, admin, 'admin');
    const endpoint = await createEndpoint(admin, organisationId, ['member.removed']);

    const deleted = await t.post('/account/delete', { password: admin.password }, admin);
    expect(deleted.status, deleted.raw).toBe(200);

    const listed = await t.get(`/find/own/webhooks?organisationId=${organisationId}`, owner);
    expect(listed.body.webhooks.map((w: { id: string }) => w.id)).toEqual([endpoint.id]);
    const removed = await receiver.waitFor((r) => r.path === endpoint.path && typeOf(r) === 'member.removed');
    expect((new Webhook(endpoint.secret).verify(removed.body, removed.headers) as { data: { userId: string } }).data.userId).toBe(admin.userId);
    const row = await t.app.db.selectFrom('webhookEndpoint').select('userId').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(row.userId).toBe(owner.userId);
  });
});
