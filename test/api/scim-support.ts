import { expect } from 'vitest';
import type { TestApp, TestUser, TestAnswer } from '../support/test-app.ts';

/** Helpers of the SCIM suites (issue 27): an organisation with a SCIM token, and SCIM requests as an identity provider sends them. */

export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export interface ScimOrg {
  organisationId: string;
  admin: TestUser;
  token: string;
  tokenId: string;
}

let orgCounter = 0;

export async function scimOrganisation(t: TestApp, admin?: TestUser): Promise<ScimOrg> {
  admin ??= await t.signUp();
  const created = await t.post('/organisation/create', { name: `Acme ${++orgCounter}` }, admin);
  expect(created.status, created.raw).toBe(200);
  const organisationId = created.body.organisationId as string;
  const made = await t.post('/organisation/scim-token', { organisationId, name: 'Entra ID' }, admin);
  expect(made.status, made.raw).toBe(200);
  return { organisationId, admin, token: made.body.token, tokenId: made.body.tokenId };
}

/** A SCIM request with the token, the body sent as `application/scim+json` (or `contentType`). */
export function scim(
  t: TestApp | { app: TestApp['app'] },
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestAnswer> {
  return (async () => {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    let parsed: unknown = res.body;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: parsed, headers: res.headers as Record<string, unknown>, raw: res.body };
  })();
}

/** Asserts SCIM's error schema: `status` as a string, the scimType when given. */
export function expectScimError(res: TestAnswer, status: number, scimType?: string) {
  expect(res.status, res.raw).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/scim+json');
  expect(res.body.schemas).toEqual([SCIM_ERROR]);
  expect(res.body.status).toBe(String(status));
  if (scimType) expect(res.body.scimType).toBe(scimType);
  expect(typeof res.body.detail).toBe('string');
}

/** The user Entra ID creates (its documented request shape). */
export function entraUser(userName: string, extra: Record<string, unknown> = {}) {
  return {
    schemas: [USER_SCHEMA, ENTERPRISE],
    externalId: `entra-${userName}`,
    userName,
    active: true,
    displayName: 'Ada Lovelace',
    title: 'Analyst',
    emails: [{ primary: true, type: 'work', value: userName }],
    phoneNumbers: [{ type: 'work', value: '+49 30 1234567' }],
    name: { formatted: 'Ada Lovelace', familyName: 'Lovelace', givenName: 'Ada' },
    [ENTERPRISE]: { department: 'Engines', employeeNumber: '1815', manager: { value: 'boss-1' } },
    ...extra,
  };
}
