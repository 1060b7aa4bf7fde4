import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../server/auth/owner.guard.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { expectD4 } from '../support/factories.ts';

/** Issue 25: API tokens with scopes, accepted as bearer tokens on owner calls, revoked at once. */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t.close());

/** A user-shaped bearer for `t.get`/`t.post`. */
const bearer = (token: string) => ({ ...owner, token, auth: { authorization: `Bearer ${token}` } });
async function createToken(user: TestUser, scopes: string[], name = 'CRM sync') {
  const res = await t.post('/api-token/create', { name, scopes }, user);
  expect(res.status, res.raw).toBe(200);
  return res.body as { tokenId: string; token: string };
}

describe('POST /api-token/create and GET /find/own/api-tokens', () => {
  it('answers the token once; the list shows name, scopes and last use, never the token', async () => {
    const { tokenId, token } = await createToken(owner, ['leads:read', 'leads:read', 'cards:read']);
    expect(token).toMatch(/^cmc_[A-Za-z0-9_-]{43}$/);
    const list = await t.get('/find/own/api-tokens', owner);
    expect(list.body.tokens.find((x: any) => x.id === tokenId)).toMatchObject({ name: 'CRM sync', scopes: ['leads:read', 'cards:read'], lastUsedAt: null });
    expect(list.raw).not.toContain(token.slice(4));
    const stored = await t.app.db.selectFrom('apiToken').selectAll().where('id', '=', tokenId).executeTakeFirstOrThrow();
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));

    expect((await t.get('/find/own/leads', bearer(token))).status).toBe(200);
    const used = (await t.get('/find/own/api-tokens', owner)).body.tokens.find((x: any) => x.id === tokenId);
    await expect.poll(async () => (await t.get('/find/own/api-tokens', owner)).body.tokens.find((x: any) => x.id === tokenId).lastUsedAt).toBeGreaterThan(0);
    expect(used.created).toBeGreaterThan(0);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    expect(expectD4(await t.post('/api-token/create', { name: '', scopes: ['leads:read'] }, owner), 400).field).toBe('name');
    expect(expectD4(await t.post('/api-token/create', { name: 'x', scopes: [] }, owner), 400).field).toBe('scopes');
    expect(expectD4(await t.post('/api-token/create', { name: 'x', scopes: ['account:delete'] }, owner), 400).field).toMatch(/^scopes/);
    expect(expectD4(await t.post('/api-token/revoke', {}, owner), 400).field).toBe('tokenId');
  });
});

describe('API tokens as bearer tokens on owner calls', () => {
  it('reach the calls within their scopes and get 403 cmc/insufficient-scope elsewhere', async () => {
    const { token: reader } = await createToken(owner, ['leads:read']);
    expect((await t.get('/find/own/leads', bearer(reader))).status).toBe(200);
    expect((await t.get('/download/leads.csv', bearer(reader))).status).toBe(200);
    expectD4(await t.post('/lead/update', { leadId: 'nope', status: 'new' }, bearer(reader)), 403, 'cmc/insufficient-scope');
    expectD4(await t.get('/find/own/cards', bearer(reader)), 403, 'cmc/insufficient-scope');
    expectD4(await t.get('/find/own/profiles/active', bearer(reader)), 403, 'cmc/insufficient-scope');
    // Calls not open to tokens at all: webhooks, tokens, the account.
    expectD4(await t.get('/find/own/webhooks', bearer(reader)), 403, 'cmc/insufficient-scope');
    expectD4(await t.post('/api-token/create', { name: 'escalate', scopes: ['profiles:write'] }, bearer(reader)), 403, 'cmc/insufficient-scope');

    const { token: writer } = await createToken(owner, ['profiles:write', 'profiles:read']);
    const created = await t.post('/profile/create', { profileName: 'From the CRM', firstName: 'Api' }, bearer(writer));
    expect(created.status, created.raw).toBe(200);
    expect((await t.get('/find/own/profiles/active', bearer(writer))).status).toBe(200);
    expectD4(await t.get('/find/own/leads', bearer(writer)), 403, 'cmc/insufficient-scope');
    // The token acts as its owner: the profile is the owner's.
    expect((await t.get('/find/own/profiles/active', owner)).raw).toContain(created.body.id);
    expect((await t.get('/find/own/leads', bearer('cmc_unknown'))).status).toBe(401);
  });

  it('POST /api-token/revoke ends the token at once here and on another instance; another owner’s token is 404', async () => {
    const { tokenId, token } = await createToken(owner, ['leads:read']);
    const peer = await t.secondInstance();
    try {
      expect((await t.get('/find/own/leads', bearer(token))).status).toBe(200);
      expect((await peer.get('/find/own/leads', bearer(token))).status).toBe(200);
      const stranger = await t.signUp();
      expectD4(await t.post('/api-token/revoke', { tokenId }, stranger), 404, 'cmc/api-token-not-found');
      expect((await t.get('/find/own/leads', bearer(token))).status).toBe(200);

      expect((await t.post('/api-token/revoke', { tokenId }, owner)).body).toEqual({ id: tokenId, deleted: true });
      expect((await t.get('/find/own/leads', bearer(token))).status).toBe(401);
      // Another instance: at once with Redis (pushed), else within the session cache's second.
      if (!process.env.REDIS_URL) await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 50));
      expect((await peer.get('/find/own/leads', bearer(token))).status).toBe(401);
      expect((await t.get('/find/own/api-tokens', owner)).body.tokens.map((x: any) => x.id)).not.toContain(tokenId);
    } finally {
      await peer.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes every webhook event as an OpenAPI 3.1 webhook and the scopes of API tokens', async () => {
    const doc = (await t.get('/docs/json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      [
        'card.assigned',
        'card.registered',
        'card.reset',
        'lead.created',
        'lead.deleted',
        'lead.updated',
        'profile.updated',
        'member.added',
        'member.removed',
        'webhook.test',
      ].sort(),
    );
    expect(doc.webhooks['member.removed'].post.requestBody.content['application/json'].schema.properties.data.properties.role).toBeDefined();
    const created = doc.webhooks['lead.created'].post;
    expect(created.parameters.map((p: any) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(created.requestBody.content['application/json'].schema.properties.data.properties.consent).toBeDefined();
    expect(doc.components.securitySchemes.bearer.description).toContain('`leads:read`: GET /find/own/leads');
    expect(doc.paths['/api-token/create'].post).toBeDefined();
  });
});
